import { describe, expect, it } from 'vitest';
import { EVERYBODY, audienceInput, choiceForCase } from './recipient-chooser';

// Whom a new message goes to once its case is known (issues 28 and 32): never everybody about a case.

describe('choiceForCase', () => {
  it('turns "Everybody" into the case team when a case is chosen, so the send names the team', () => {
    const about = choiceForCase(EVERYBODY, true);
    expect(about.mode).toBe('team');
    expect(audienceInput(about)).toEqual({ toCaseTeam: true });
  });

  it('keeps people or a role the sender chose, nobody chosen included', () => {
    const nobody = { mode: 'people' as const, people: [], role: '' };
    expect(choiceForCase(nobody, true)).toEqual(nobody);
    expect(choiceForCase({ mode: 'role', people: [], role: 'Nurse' }, true)).toEqual({ mode: 'role', people: [], role: 'Nurse' });
  });

  it('falls back from the team to everybody when the case is taken away', () => {
    expect(choiceForCase({ ...EVERYBODY, mode: 'team' }, false).mode).toBe('broadcast');
    expect(choiceForCase(EVERYBODY, false)).toEqual(EVERYBODY);
  });
});
