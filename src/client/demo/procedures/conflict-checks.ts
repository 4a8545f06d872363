import {
  CONFLICT_RESOLUTIONS,
  type TIntakeHit,
  ZConflictCheckIdInput,
  ZResolveConflictHitInput,
  ZRunConflictCheckInput,
  isAdverseAtIntake,
  ownRoleThere,
} from '../../../shared/domain/conflict-checks';
import { NAME_SIMILARITY_THRESHOLD, nameSimilarity } from '../../../shared/name-similarity';
import { myName } from '../context';
import { conflict, notFound } from '../demo-error';
import { type DemoProcedures, procedure } from '../procedure';
import { appendEvent, openCase } from './case-file-state';
import { allCases } from './cases';
import { type DemoIntakeCheckRow, intakeChecks, shownCheck } from './intake-checks-state';
import { casesOfPerson, livePeople } from './people-state';
import { syncDemoConflictItem } from './checklists';

// The conflict check at intake in demo mode (issue 32), as the server's service: each party named is
// looked for among the fixtures' people (same ID or registration number, or a similar name; a
// different SA ID number rules a name out), every matter of a record found is a hit, adverse when
// the sides cross; the check is kept for the session, an adverse hit is resolved once.

const feature = 'courtCases' as const;

export const conflictChecksProcedures = {
  'conflictChecks.run': procedure({
    input: ZRunConflictCheckInput,
    capability: 'cases.create',
    feature,
    run(ctx, input) {
      // A conflict check sees every matter of the organisation, restricted ones included (listed, not opened).
      const cases = allCases(ctx);
      const people = livePeople(ctx);
      const hits: (Omit<TIntakeHit, 'id'> & { position: number })[] = [];
      const seen = new Set<string>();
      input.parties.forEach((party, position) => {
        for (const person of people) {
          const sameNumber = Boolean(party.idNumber) && person.idNumber === party.idNumber;
          const otherNumber = Boolean(party.idNumber && person.idNumber) && person.idNumber !== party.idNumber;
          const reason = sameNumber ? 'idNumber' : !otherNumber && nameSimilarity(party.name, person.fullName) >= NAME_SIMILARITY_THRESHOLD ? 'name' : null;
          if (!reason) continue;
          for (const kase of casesOfPerson(ctx, person.id, cases)) {
            const roleThere = kase.role === 'client' || kase.role === 'patient' ? ownRoleThere(ctx.platform) : kase.role;
            const key = `${position}|${person.id}|${kase.id}|${roleThere}`;
            if (seen.has(key)) continue;
            seen.add(key);
            hits.push({
              position, personId: person.id, name: person.fullName, caseId: kase.id, reference: kase.reference, caseStatus: kase.status, roleThere,
              adverse: isAdverseAtIntake(ctx.platform, party.role, roleThere), partyName: party.name, partyRole: party.role, reason, resolution: null,
            });
          }
        }
      });
      hits.sort((a, b) => Number(b.adverse) - Number(a.adverse) || a.position - b.position || a.name.localeCompare(b.name) || (a.reference ?? '').localeCompare(b.reference ?? ''));
      const id = ctx.newId();
      const row: DemoIntakeCheckRow = {
        id,
        parties: input.parties.map((p) => ({ name: p.name, idNumber: p.idNumber, role: p.role })),
        hits: hits.map(({ position: _p, ...hit }, i) => ({ ...hit, id: `${id}-hit-${i + 1}` })),
        runByName: myName(ctx),
        runAt: ctx.nowIso(),
        caseId: null,
        caseReference: null,
        attachedAt: null,
      };
      return shownCheck(ctx.overlay.put<DemoIntakeCheckRow>('intakeConflictChecks', row));
    },
  }),

  'conflictChecks.get': procedure({
    input: ZConflictCheckIdInput,
    capability: 'cases.create',
    feature,
    run(ctx, input) {
      const row = intakeChecks(ctx).find((c) => c.id === input.id);
      if (!row) throw notFound('Conflict check');
      if (row.caseId) openCase(ctx, row.caseId);
      return shownCheck(row);
    },
  }),

  'conflictChecks.resolve': procedure({
    input: ZResolveConflictHitInput,
    capability: 'cases.create',
    feature,
    run(ctx, input) {
      const row = intakeChecks(ctx).find((c) => c.id === input.id);
      if (!row) throw notFound('Conflict check');
      if (row.caseId) openCase(ctx, row.caseId);
      const hit = row.hits.find((h) => h.id === input.hitId);
      if (!hit) throw notFound('Hit');
      if (!hit.adverse) throw conflict('This hit is not adverse: there is nothing to resolve.', { hitId: 'This hit is not adverse' });
      if (hit.resolution) throw conflict('This hit was already resolved; it now shows that resolution.', { hitId: 'Already resolved' });
      const resolved = { ...hit, resolution: { resolution: input.resolution, note: input.note, resolvedByName: myName(ctx), resolvedAt: ctx.nowIso() } };
      const saved = ctx.overlay.put<DemoIntakeCheckRow>('intakeConflictChecks', { ...row, hits: row.hits.map((h) => (h.id === hit.id ? resolved : h)) });
      if (saved.caseId) {
        appendEvent(ctx, saved.caseId, 'conflict.checked', `Adverse conflict hit resolved: ${hit.name}${hit.reference ? ` (${hit.reference})` : ''} — ${CONFLICT_RESOLUTIONS[input.resolution]}`);
        syncDemoConflictItem(ctx, saved.caseId);
      }
      return shownCheck(saved);
    },
  }),
} satisfies Partial<DemoProcedures>;
