import { describe, expect, it } from 'vitest';
import { CAPABILITIES } from '../../../shared/roles';
import { CAPABILITY_WORDS, roleChange, roleWithArticle } from './role-change';

describe('what a role change grants (issue 32)', () => {
  it('names what Clinical Staff gain as Doctors: prescribing and releasing results, among others', () => {
    const change = roleChange('Clinical Staff', 'Doctor');
    expect(change.gains).toEqual(expect.arrayContaining(['medications.prescribe', 'results.release', 'admissions.manage', 'encounters.amendAny']));
    expect(change.losses).toEqual([]);
  });

  it('names what is lost going the other way, and nothing for roles with the same rights', () => {
    expect(roleChange('Doctor', 'Clinical Staff')).toMatchObject({ gains: [], losses: expect.arrayContaining(['medications.prescribe']) });
    expect(roleChange('Security Guard', 'Kitchen Worker')).toEqual({ gains: [], losses: [] });
  });

  it('has plain words for every capability of the matrix', () => {
    expect(CAPABILITIES.filter((c) => !CAPABILITY_WORDS[c])).toEqual([]);
  });

  it('says the role as a noun', () => {
    expect(roleWithArticle('Doctor')).toBe('a Doctor');
    expect(roleWithArticle('Administrator')).toBe('an Administrator');
    expect(roleWithArticle('Clinical Staff')).toBe('a member of Clinical Staff');
    expect(roleWithArticle('Attorneys')).toBe('an Attorney');
  });
});
