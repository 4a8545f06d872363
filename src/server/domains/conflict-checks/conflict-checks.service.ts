import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { similarNameCandidates } from '../../../../db/search';
import { nowIso } from '../../../../db/time';
import {
  CONFLICT_RESOLUTIONS,
  type TIntakeConflictCheck,
  type TIntakeHit,
  type TIntakeParty,
  type TResolveConflictHitInput,
  type TRunConflictCheckInput,
  isAdverseAtIntake,
  ownRoleThere,
  unresolvedAdverseCount,
} from '../../../shared/domain/conflict-checks';
import { fullName } from '../../../shared/format';
import { NAME_SIMILARITY_THRESHOLD, nameSimilarity } from '../../../shared/name-similarity';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireCaseAccess } from '../cases/case-access';
import { syncConflictCheckItem } from '../checklists/checklist-auto-ticks';
import { appearancesOf } from '../parties/conflict-check.service';
import { appendCaseEvent } from '../timeline/case-events';

// The conflict check at intake (issue 32, decision 0055). Before a matter exists, each party named
// at intake (the prospective client, the opponents, others) is looked for in the registry — by the
// same SA ID or registration number, or by a similar name (the trigram candidates, decided by
// nameSimilarity; a different SA ID number rules a name out) — and every matter the records found
// appear in is a hit, adverse when the sides cross. A restricted matter the caller may not read is
// still a hit (the check must see it) but shows its reference and status only. The check and its
// hits are stored as found; an adverse hit is resolved with a reason; opening the matter attaches
// the check (once), and the matter's checklist item ticks itself when nothing adverse is open.

const FORMER_MEMBER = 'Former member';
const NOT_FOUND_MESSAGE = 'Conflict check not found';

interface Match {
  personId: string;
  name: string;
  reason: 'idNumber' | 'name';
}

/** The registry records that may be this party: same ID / registration number, else a similar name. */
async function matchesOf(db: Kysely<DB>, actor: TenantActor, party: TIntakeParty): Promise<Match[]> {
  const found = new Map<string, Match>();
  if (party.idNumber) {
    const same = await db
      .selectFrom('people')
      .select(['id', 'full_name'])
      .where('organization_id', '=', actor.organizationId)
      .where('id_number', '=', party.idNumber)
      .where('merged_into_id', 'is', null)
      .execute();
    for (const p of same) found.set(p.id, { personId: p.id, name: p.full_name, reason: 'idNumber' });
  }
  const candidateIds = (await similarNameCandidates(db, actor.organizationId, party.name)).filter((id) => !found.has(id));
  if (candidateIds.length > 0) {
    const candidates = await db
      .selectFrom('people')
      .select(['id', 'full_name', 'id_number'])
      .where('organization_id', '=', actor.organizationId)
      .where('id', 'in', candidateIds)
      .execute();
    for (const c of candidates) {
      // Two different SA ID numbers are two different people, however alike the names.
      if (party.idNumber && c.id_number && c.id_number !== party.idNumber) continue;
      if (nameSimilarity(party.name, c.full_name) >= NAME_SIMILARITY_THRESHOLD) found.set(c.id, { personId: c.id, name: c.full_name, reason: 'name' });
    }
  }
  return [...found.values()];
}

type NewHit = Omit<TIntakeHit, 'id' | 'resolution'>;

async function findHits(db: Kysely<DB>, actor: TenantActor, parties: TIntakeParty[]): Promise<NewHit[]> {
  const perParty: { party: TIntakeParty; matches: Match[] }[] = [];
  for (const party of parties) perParty.push({ party, matches: await matchesOf(db, actor, party) });
  const personIds = [...new Set(perParty.flatMap((p) => p.matches.map((m) => m.personId)))];
  const appearances = await appearancesOf(db, actor, personIds, '');
  const hits = new Map<string, NewHit & { position: number }>();
  perParty.forEach(({ party, matches }, position) => {
    for (const match of matches) {
      for (const a of appearances.filter((x) => x.personId === match.personId)) {
        // The matter's own person is 'client' in appearancesOf; the State's platform calls them the claimant.
        const roleThere = a.role === 'client' || a.role === 'patient' ? ownRoleThere(actor.platform) : a.role;
        const key = `${position}|${match.personId}|${a.kase.id}|${roleThere}`;
        if (hits.has(key)) continue;
        hits.set(key, {
          position,
          personId: match.personId,
          name: match.name,
          caseId: a.kase.id,
          reference: a.kase.reference,
          caseStatus: a.kase.status,
          roleThere,
          adverse: isAdverseAtIntake(actor.platform, party.role, roleThere),
          partyName: party.name,
          partyRole: party.role,
          reason: match.reason,
        });
      }
    }
  });
  return [...hits.values()]
    .sort((a, b) => Number(b.adverse) - Number(a.adverse) || a.position - b.position || a.name.localeCompare(b.name) || (a.reference ?? '').localeCompare(b.reference ?? ''))
    .map(({ position: _p, ...hit }) => hit);
}

function selectCheck(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('conflict_checks as c')
    .leftJoin('users as runner', 'runner.id', 'c.run_by')
    .leftJoin('cases as k', (join) => join.onRef('k.id', '=', 'c.case_id').on('k.organization_id', '=', organizationId))
    .select(['c.id', 'c.parties', 'c.run_at', 'c.case_id', 'c.attached_at', 'runner.first_name', 'runner.last_name', 'k.reference as case_reference'])
    .where('c.organization_id', '=', organizationId);
}

async function toCheck(db: Kysely<DB>, organizationId: string, checkId: string): Promise<TIntakeConflictCheck> {
  const row = await selectCheck(db, organizationId).where('c.id', '=', checkId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  const hitRows = await db
    .selectFrom('conflict_check_hits as h')
    .leftJoin('users as resolver', 'resolver.id', 'h.resolved_by')
    .selectAll('h')
    .select(['resolver.first_name', 'resolver.last_name'])
    .where('h.organization_id', '=', organizationId)
    .where('h.check_id', '=', checkId)
    .orderBy('h.position')
    .execute();
  const hits: TIntakeHit[] = hitRows.map((h) => ({
    id: h.id,
    personId: h.person_id,
    name: h.name,
    caseId: h.matched_case_id,
    reference: h.reference,
    caseStatus: h.case_status,
    roleThere: h.role_there,
    adverse: Number(h.adverse) === 1,
    partyName: h.party_name,
    partyRole: h.party_role,
    reason: h.reason,
    resolution: h.resolution
      ? { resolution: h.resolution, note: h.resolution_note, resolvedByName: fullName(h.first_name, h.last_name) ?? FORMER_MEMBER, resolvedAt: h.resolved_at ?? '' }
      : null,
  }));
  return {
    id: row.id,
    parties: JSON.parse(row.parties) as TIntakeConflictCheck['parties'],
    hits,
    runByName: fullName(row.first_name, row.last_name) ?? FORMER_MEMBER,
    runAt: row.run_at,
    caseId: row.case_id,
    caseReference: row.case_reference ?? null,
    attachedAt: row.attached_at,
    unresolvedAdverse: unresolvedAdverseCount(hits),
  };
}

/** POST /api/conflict-checks: search, and record what was searched for and found, by whom and when. */
export async function runConflictCheck(db: Kysely<DB>, actor: TenantActor, input: TRunConflictCheckInput): Promise<TIntakeConflictCheck> {
  const hits = await findHits(db, actor, input.parties);
  const id = randomUUID();
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('conflict_checks')
      .values({ id, organization_id: actor.organizationId, parties: JSON.stringify(input.parties.map((p) => ({ name: p.name, idNumber: p.idNumber, role: p.role }))), run_by: actor.userId, run_at: at, case_id: null, attached_by: null, attached_at: null })
      .execute();
    if (hits.length === 0) return;
    await trx
      .insertInto('conflict_check_hits')
      .values(
        hits.map((h, position) => ({
          id: randomUUID(),
          organization_id: actor.organizationId,
          check_id: id,
          position,
          party_name: h.partyName,
          party_role: h.partyRole,
          reason: h.reason,
          person_id: h.personId,
          name: h.name,
          matched_case_id: h.caseId,
          reference: h.reference,
          case_status: h.caseStatus,
          role_there: h.roleThere,
          adverse: h.adverse ? 1 : 0,
        })),
      )
      .execute();
  });
  return toCheck(db, actor.organizationId, id);
}

/** The check of this organisation; once attached to a matter, only for someone who may open that matter. */
async function openCheck(db: Kysely<DB>, actor: TenantActor, id: string) {
  const row = await db.selectFrom('conflict_checks').select(['id', 'case_id']).where('id', '=', id).where('organization_id', '=', actor.organizationId).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
  if (row.case_id) await requireCaseAccess(db, actor, row.case_id);
  return row;
}

/** GET /api/conflict-checks/{id}. */
export async function getConflictCheck(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TIntakeConflictCheck> {
  const row = await openCheck(db, actor, id);
  return toCheck(db, actor.organizationId, row.id);
}

/** POST /api/conflict-checks/{id}/hits/{hitId}/resolve: an adverse hit's reason, once; ticks the matter's item when it was the last. */
export async function resolveConflictHit(db: Kysely<DB>, actor: TenantActor, input: TResolveConflictHitInput): Promise<TIntakeConflictCheck> {
  // The matter first (need to know) when the check is attached: nothing is written for a caller who may not open it.
  const check = await openCheck(db, actor, input.id);
  const hit = await db
    .selectFrom('conflict_check_hits')
    .select(['id', 'adverse', 'resolution', 'name', 'reference'])
    .where('id', '=', input.hitId)
    .where('check_id', '=', check.id)
    .where('organization_id', '=', actor.organizationId)
    .executeTakeFirst();
  if (!hit) throw new AppError('NOT_FOUND', 'Hit not found');
  if (Number(hit.adverse) !== 1) throw new AppError('CONFLICT', 'This hit is not adverse: there is nothing to resolve.', { hitId: 'This hit is not adverse' });
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('conflict_check_hits')
      .set({ resolution: input.resolution, resolution_note: input.note, resolved_by: actor.userId, resolved_at: at })
      .where('id', '=', hit.id)
      .where('resolution', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new AppError('CONFLICT', 'This hit was already resolved; it now shows that resolution.', { hitId: 'Already resolved' });
    if (!check.case_id) return;
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: check.case_id,
      actorId: actor.userId,
      kind: 'conflict.checked',
      summary: `Adverse conflict hit resolved: ${hit.name}${hit.reference ? ` (${hit.reference})` : ''} — ${CONFLICT_RESOLUTIONS[input.resolution]}`,
      details: { checkId: check.id, hitId: hit.id, resolution: input.resolution },
      at,
    });
    await syncConflictCheckItem(trx, actor.organizationId, check.case_id);
  });
  return toCheck(db, actor.organizationId, check.id);
}

const unknownCheck = () =>
  new AppError('BAD_REQUEST', 'No conflict check with this id in your organisation', { conflictCheckId: 'No conflict check with this id in your organisation: run the conflict check again' });
const attachedElsewhere = (reference: string | null) => {
  const message = `This conflict check is already attached to ${reference ?? 'another matter'}; run a new one for this matter`;
  return new AppError('CONFLICT', message, { conflictCheckId: message });
};

/** Before a matter is opened with a check: the check must be this organisation's and attached to nothing yet. */
export async function requireAttachableConflictCheck(db: Kysely<DB>, actor: TenantActor, checkId: string): Promise<void> {
  const row = await selectCheck(db, actor.organizationId).where('c.id', '=', checkId).executeTakeFirst();
  if (!row) throw unknownCheck();
  if (row.case_id) throw attachedElsewhere(row.case_reference ?? null);
}

/** In the transaction that opens the matter: attach the check (once: a race for it is a 409), on the timeline. */
export async function attachConflictCheck(trx: Kysely<DB>, actor: TenantActor, checkId: string, caseId: string, at: string): Promise<void> {
  const updated = await trx
    .updateTable('conflict_checks')
    .set({ case_id: caseId, attached_by: actor.userId, attached_at: at })
    .where('id', '=', checkId)
    .where('organization_id', '=', actor.organizationId)
    .where('case_id', 'is', null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    const row = await selectCheck(trx, actor.organizationId).where('c.id', '=', checkId).executeTakeFirst();
    throw row ? attachedElsewhere(row.case_reference ?? null) : unknownCheck();
  }
  const check = await toCheck(trx, actor.organizationId, checkId);
  const adverse = check.hits.filter((h) => h.adverse).length;
  const found = check.hits.length === 0 ? 'no hits' : `${check.hits.length} ${check.hits.length === 1 ? 'hit' : 'hits'}, ${adverse} adverse${check.unresolvedAdverse > 0 ? ` (${check.unresolvedAdverse} not resolved)` : ''}`;
  await appendCaseEvent(trx, {
    organizationId: actor.organizationId,
    caseId,
    actorId: actor.userId,
    kind: 'conflict.checked',
    summary: `Conflict check at intake attached (run by ${check.runByName}): ${found}`,
    details: { checkId, hits: check.hits.length, adverse, unresolvedAdverse: check.unresolvedAdverse },
    at,
  });
  await syncConflictCheckItem(trx, actor.organizationId, caseId);
}
