import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TChecklistItemKey } from '../../../shared/domain/checklists';
import { HOSPITAL_RECORD_TYPE } from '../../../shared/domain/hospital-records';
import { fullName, formatSaDateTime } from '../../../shared/format';
import { appendCaseEvent } from '../timeline/case-events';

// Checklist items a record ticks (issue 32, decision 0055), found by their stable key
// (checklist_items.item_key), never by their label:
// - 'conflict-check': ticks when a conflict check attached to the matter has no adverse hit left
//   unresolved — by whoever completed it (the last resolver, else who ran it), when it became clear.
//   While an attached check has an unresolved adverse hit, a tick by hand is refused.
// - 'hospital-records-received': ticks when a hospital record is uploaded to the case, by its uploader.
// A case's items are made on the first read of its checklist: the sync runs then too, so a record
// that came first still ticks its item. Unticking by hand stays possible (a check later found wanting).

export interface AttachedConflictCheckState {
  checkId: string;
  runAt: string;
  runByName: string;
  hits: number;
  adverse: number;
  unresolvedAdverse: number;
  /** Who completed it and when: the last resolution of an adverse hit, else the run. */
  completedBy: string | null;
  completedAt: string;
}

/** The conflict checks attached to a case, newest first, with their adverse hits counted. */
export async function attachedConflictChecks(db: Kysely<DB>, organizationId: string, caseId: string): Promise<AttachedConflictCheckState[]> {
  const checks = await db
    .selectFrom('conflict_checks as c')
    .leftJoin('users as runner', 'runner.id', 'c.run_by')
    .select(['c.id', 'c.run_at', 'c.run_by', 'runner.first_name', 'runner.last_name'])
    .where('c.organization_id', '=', organizationId)
    .where('c.case_id', '=', caseId)
    .orderBy('c.run_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
  if (checks.length === 0) return [];
  const hits = await db
    .selectFrom('conflict_check_hits')
    .select(['check_id', 'adverse', 'resolution', 'resolved_by', 'resolved_at'])
    .where('organization_id', '=', organizationId)
    .where('check_id', 'in', checks.map((c) => c.id))
    .execute();
  return checks.map((c) => {
    const own = hits.filter((h) => h.check_id === c.id);
    const adverse = own.filter((h) => Number(h.adverse) === 1);
    const lastResolved = adverse.filter((h) => h.resolved_at).sort((a, b) => (b.resolved_at ?? '').localeCompare(a.resolved_at ?? ''))[0];
    return {
      checkId: c.id,
      runAt: c.run_at,
      runByName: fullName(c.first_name, c.last_name) ?? 'Former member',
      hits: own.length,
      adverse: adverse.length,
      unresolvedAdverse: adverse.filter((h) => !h.resolution).length,
      completedBy: lastResolved?.resolved_by ?? c.run_by,
      completedAt: lastResolved?.resolved_at ?? c.run_at,
    };
  });
}

/** The line the checklist item shows for the attached check. */
export function conflictCheckSummary(state: AttachedConflictCheckState): string {
  const found = state.hits === 0 ? 'no hits' : `${state.hits} ${state.hits === 1 ? 'hit' : 'hits'}, ${state.adverse} adverse`;
  const open = state.unresolvedAdverse > 0 ? ` (${state.unresolvedAdverse} not resolved)` : state.adverse > 0 ? ' (resolved)' : '';
  return `Conflict check run ${formatSaDateTime(state.runAt)} by ${state.runByName}: ${found}${open}`;
}

/** Ticks the case's item of `key` if it is open (done when the record was made); a timeline line says what ticked it. */
async function tickKeyed(trx: Kysely<DB>, organizationId: string, caseId: string, key: TChecklistItemKey, by: string | null, at: string, why: string): Promise<void> {
  const items = await trx
    .selectFrom('checklist_items')
    .select(['id', 'label', 'version'])
    .where('organization_id', '=', organizationId)
    .where('case_id', '=', caseId)
    .where('item_key', '=', key)
    .where('done', '=', 0)
    .execute();
  for (const item of items) {
    const updated = await trx
      .updateTable('checklist_items')
      .set({ done: 1, done_by: by, done_at: at, version: Number(item.version) + 1 })
      .where('id', '=', item.id)
      .where('version', '=', item.version)
      .where('done', '=', 0)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) continue; // ticked meanwhile: whoever did keeps the credit
    await appendCaseEvent(trx, {
      organizationId,
      caseId,
      actorId: by,
      kind: 'checklist.ticked',
      summary: `Ticked “${item.label}” on the checklist: ${why}`,
      details: { itemId: item.id, label: item.label, done: true, key },
    });
  }
}

/** Ticks "Conflict check run and recorded" when an attached check has no adverse hit unresolved. */
export async function syncConflictCheckItem(trx: Kysely<DB>, organizationId: string, caseId: string): Promise<void> {
  const checks = await attachedConflictChecks(trx, organizationId, caseId);
  if (checks.length === 0 || checks.some((c) => c.unresolvedAdverse > 0)) return;
  const latest = checks[0]!;
  await tickKeyed(trx, organizationId, caseId, 'conflict-check', latest.completedBy, latest.completedAt, 'conflict check recorded and attached');
}

/** Ticks "Hospital records received" once a hospital record is on the case. */
export async function syncHospitalRecordsItem(trx: Kysely<DB>, organizationId: string, caseId: string): Promise<void> {
  const first = await trx
    .selectFrom('documents')
    .select(['uploaded_by', 'created_at'])
    .where('organization_id', '=', organizationId)
    .where('case_id', '=', caseId)
    .where('record_type', '=', HOSPITAL_RECORD_TYPE)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  if (!first) return;
  await tickKeyed(trx, organizationId, caseId, 'hospital-records-received', first.uploaded_by, first.created_at, 'hospital record uploaded');
}

/** Both, for a case whose items were just made. */
export async function syncAutoTickedItems(trx: Kysely<DB>, organizationId: string, caseId: string): Promise<void> {
  await syncConflictCheckItem(trx, organizationId, caseId);
  await syncHospitalRecordsItem(trx, organizationId, caseId);
}
