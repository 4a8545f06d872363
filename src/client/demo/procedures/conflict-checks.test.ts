import { afterEach, describe, expect, it } from 'vitest';
import type { TCaseShown } from '../../../shared/domain/cases';
import type { TChecklist } from '../../../shared/domain/checklists';
import type { TIntakeConflictCheck } from '../../../shared/domain/conflict-checks';
import type { DemoIdentity } from '../../lib/demo-identity';
import { answer } from '../answer';
import { useFixedDemoClock } from '../fixed-demo-clock';
import { clearDemoOverlay } from '../overlay';

// The conflict check at intake in demo mode (issue 32), as on the server: the firm's own client named
// as the opponent is an adverse hit; a matter opened with the check carries it; its checklist item is
// refused while the hit is open and ticks itself when it is resolved; a check attaches once.

const DIRECTOR: DemoIdentity = { userId: 'managing_partner', role: 'Director', name: 'Grace Naidoo', isSuperAdmin: false, platform: 'legal', caseTerminology: 'client' };

useFixedDemoClock();
afterEach(() => clearDemoOverlay());

describe('demo conflict check at intake', () => {
  it('finds our client as the opponent, attaches to the new matter, holds the checklist item until resolved', () => {
    const ours = answer('cases.get', { id: 'lg-case-01' }, DIRECTOR) as TCaseShown;
    const check = answer('conflictChecks.run', { parties: [{ name: 'Naledi Zungu', role: 'client' }, { name: ours.patientName, role: 'opponent' }] }, DIRECTOR) as TIntakeConflictCheck;
    const adverse = check.hits.filter((h) => h.adverse);
    expect(adverse.length).toBeGreaterThan(0);
    expect(adverse[0]).toMatchObject({ name: ours.patientName, caseId: 'lg-case-01', roleThere: 'client', partyRole: 'opponent', resolution: null });

    const matter = answer('cases.create', { patientName: 'Naledi Zungu', caseType: 'Contract dispute', conflictCheckId: check.id }, DIRECTOR) as TCaseShown;
    expect(answer('conflictChecks.get', { id: check.id }, DIRECTOR)).toMatchObject({ caseId: matter.id, unresolvedAdverse: adverse.length });
    let item = (answer('checklists.get', { id: matter.id }, DIRECTOR) as TChecklist).items.find((i) => i.key === 'conflict-check')!;
    expect(item).toMatchObject({ label: 'Conflict check run and recorded', done: false, evidence: { id: check.id, unresolvedAdverse: adverse.length } });
    expect(() => answer('checklists.tick', { id: item.id, done: true }, DIRECTOR)).toThrow(expect.objectContaining({ code: 'CONFLICT' }));

    for (const hit of adverse) answer('conflictChecks.resolve', { id: check.id, hitId: hit.id, resolution: 'informed-consent' }, DIRECTOR);
    item = (answer('checklists.get', { id: matter.id }, DIRECTOR) as TChecklist).items.find((i) => i.key === 'conflict-check')!;
    expect(item).toMatchObject({ done: true, doneByName: 'Grace Naidoo' });

    expect(() => answer('cases.create', { patientName: 'Naledi Zungu', caseType: 'Second', conflictCheckId: check.id }, DIRECTOR)).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
    expect(() => answer('cases.create', { patientName: 'Naledi Zungu', caseType: 'Second', conflictCheckId: 'nope' }, DIRECTOR)).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST', fields: expect.objectContaining({ conflictCheckId: expect.any(String) }) }),
    );
  });
});
