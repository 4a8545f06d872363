import {
  ADVERSE_PARTY_ROLES,
  PARTY_ROLES,
  PARTY_ROLES_BY_PLATFORM,
  type TConflictCheckRecord,
  type TConflictHit,
  type TPartyRole,
  ZAddCasePartyInput,
  ZCasePartiesInput,
  ZRecordConflictCheckInput,
  ZRemoveCasePartyInput,
} from '../../../shared/domain/case-parties';
import type { TCase } from '../../../shared/domain/cases';
import type { TPerson } from '../../../shared/domain/people';
import { NAME_SIMILARITY_THRESHOLD, nameSimilarity } from '../../../shared/name-similarity';
import { type DemoContext, nameOf } from '../context';
import { badRequest, conflict, notFound } from '../demo-error';
import { type DemoConflictCheckRow, type DemoPartyRow, demoConflictChecks } from '../fixtures/registry';
import { type DemoProcedures, procedure } from '../procedure';
import { appendEvent, openCase } from './case-file-state';
import { allCases } from './cases';
import { allParties, casePersonRole, casesOfPerson, findPerson, livePeople, putParty, toCaseParty } from './people-state';

// Parties and the conflict check in demo mode (issue 19), as the server's parties and
// conflict-check services: a party is a person of the registry in a role of the platform, once per
// role; adding and removing show on the timeline; the conflict check finds the case's person and
// parties in other cases (same record, same ID number, or a similar name), and its result is stored.

const partiesOf = (ctx: DemoContext, caseId: string): DemoPartyRow[] =>
  allParties(ctx).filter((row) => row.caseId === caseId).sort((a, b) => a.addedAt.localeCompare(b.addedAt) || a.id.localeCompare(b.id));

const roleLabel = (role: string) => PARTY_ROLES[role as TPartyRole] ?? role;

/** Our side: the case's own person, or a plaintiff. */
const isOwnSide = (role: string) => role === 'client' || role === 'patient' || role === 'plaintiff';
const isAdverse = (role: string) => (ADVERSE_PARTY_ROLES as readonly string[]).includes(role);

/** The conflict check of one case: everyone on it, found again in the organisation's other cases. */
function conflictHits(ctx: DemoContext, kase: TCase): TConflictHit[] {
  // A conflict check sees every case of the organisation, restricted ones included (listed, not opened).
  const cases = allCases(ctx);
  const onCase: { person: TPerson; roleHere: string }[] = [];
  const own = kase.personId ? findPerson(ctx, kase.personId) : undefined;
  if (own) onCase.push({ person: own, roleHere: casePersonRole(ctx) });
  for (const row of partiesOf(ctx, kase.id)) {
    const person = findPerson(ctx, row.personId);
    if (person) onCase.push({ person, roleHere: row.role });
  }
  const people = livePeople(ctx);
  const hits: TConflictHit[] = [];
  for (const { person, roleHere } of onCase) {
    const others: { other: TPerson; reason: TConflictHit['reason'] }[] = [{ other: person, reason: 'same-person' }];
    for (const other of people) {
      if (other.id === person.id) continue;
      if (person.idNumber && other.idNumber === person.idNumber) others.push({ other, reason: 'idNumber' });
      else if (person.kind === other.kind && nameSimilarity(person.fullName, other.fullName) >= NAME_SIMILARITY_THRESHOLD) others.push({ other, reason: 'name' });
    }
    for (const { other, reason } of others) {
      for (const otherCase of casesOfPerson(ctx, other.id, cases).filter((c) => c.id !== kase.id)) {
        hits.push({
          personId: other.id, name: other.fullName, roleHere, reason, otherCase,
          adverse: (isOwnSide(roleHere) && isAdverse(otherCase.role)) || (isAdverse(roleHere) && isOwnSide(otherCase.role)),
        });
      }
    }
  }
  return hits;
}

function checksOf(ctx: DemoContext, caseId: string): TConflictCheckRecord[] {
  return ctx.overlay
    .merge<DemoConflictCheckRow>('conflictChecks', demoConflictChecks(ctx.platform, ctx.anchor))
    .filter((row) => row.caseId === caseId)
    .sort((a, b) => b.checkedAt.localeCompare(a.checkedAt) || b.id.localeCompare(a.id))
    .map((row) => ({ id: row.id, result: row.result, note: row.note, checkedById: row.checkedById, checkedByName: nameOf(ctx, row.checkedById) ?? 'Former member', checkedAt: row.checkedAt }));
}

export const partiesProcedures = {
  'parties.list': procedure({
    input: ZCasePartiesInput,
    capability: 'caseFile.view',
    run(ctx, input) {
      const kase = openCase(ctx, input.id);
      return { items: partiesOf(ctx, kase.id).map((row) => toCaseParty(ctx, row)) };
    },
  }),

  'parties.add': procedure({
    input: ZAddCasePartyInput,
    capability: 'caseFile.write',
    run(ctx, input) {
      const kase = openCase(ctx, input.id);
      const person = findPerson(ctx, input.personId);
      if (!person) throw badRequest('Input validation failed', { personId: 'Choose a person or organisation of your organisation' });
      if (person.mergedIntoId) throw badRequest('Input validation failed', { personId: 'This record was merged into another person; choose that one' });
      if (!PARTY_ROLES_BY_PLATFORM[ctx.platform].includes(input.role)) throw badRequest('Input validation failed', { role: 'Choose a role this platform uses' });
      if (partiesOf(ctx, kase.id).some((row) => row.personId === person.id && row.role === input.role)) {
        throw conflict(`${person.fullName} is already on this case as ${roleLabel(input.role).toLowerCase()}.`);
      }
      const row = putParty(ctx, {
        id: ctx.newId(), caseId: kase.id, personId: person.id, role: input.role, notes: input.notes, addedAt: ctx.nowIso(), addedById: ctx.me.id, removed: false,
      });
      appendEvent(ctx, kase.id, 'party.added', `Added ${person.fullName} as ${roleLabel(input.role)}`);
      return toCaseParty(ctx, row);
    },
  }),

  'parties.remove': procedure({
    input: ZRemoveCasePartyInput,
    capability: 'caseFile.write',
    run(ctx, input) {
      const kase = openCase(ctx, input.id);
      const row = partiesOf(ctx, kase.id).find((r) => r.id === input.partyId);
      if (!row) throw notFound('Party');
      putParty(ctx, { ...row, removed: true });
      const shown = toCaseParty(ctx, row);
      appendEvent(ctx, kase.id, 'party.removed', `Removed ${shown.name} (${roleLabel(row.role)})`);
      return shown;
    },
  }),

  'parties.conflictCheck': procedure({
    input: ZCasePartiesInput,
    capability: 'caseFile.view',
    run(ctx, input) {
      const kase = openCase(ctx, input.id);
      const history = checksOf(ctx, kase.id);
      return { hits: conflictHits(ctx, kase), latest: history[0] ?? null, history };
    },
  }),

  'parties.recordConflictCheck': procedure({
    input: ZRecordConflictCheckInput,
    capability: 'caseFile.write',
    run(ctx, input) {
      const kase = openCase(ctx, input.id);
      const row = ctx.overlay.put<DemoConflictCheckRow & { hits: TConflictHit[] }>('conflictChecks', {
        id: ctx.newId(), caseId: kase.id, result: input.result, note: input.note, checkedById: ctx.me.id, checkedAt: ctx.nowIso(), hits: conflictHits(ctx, kase),
      });
      appendEvent(ctx, kase.id, 'conflict.checked', input.result === 'clear' ? 'Conflict check: Clear' : `Conflict noted: ${input.note ?? ''}`);
      return checksOf(ctx, kase.id).find((r) => r.id === row.id)!;
    },
  }),
} satisfies Partial<DemoProcedures>;
