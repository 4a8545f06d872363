import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isPostgres } from '../../../../db/search';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import {
  CONFLICT_CHECK_UNRESOLVED_MESSAGE,
} from '../../../shared/domain/conflict-checks';
import {
  SHIPPED_CHECKLISTS,
  type TChecklist,
  type TChecklistItemKey,
  type TChecklistItem,
  type TTickChecklistItemInput,
  checklistItemKeyOf,
  checklistPercent,
  pickChecklistTemplate,
} from '../../../shared/domain/checklists';
import { fullName } from '../../../shared/format';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { requireCaseAccess } from '../cases/case-access';
import { appendCaseEvent } from '../timeline/case-events';
import { attachedConflictChecks, conflictCheckSummary, syncAutoTickedItems } from './checklist-auto-ticks';
import { listTemplateRows } from './checklist-templates.service';

// The compliance checklist of a case (issue 20). A case has no items until its checklist is first
// read; that read copies the labels of the template its case type gets (the organisation's own, else
// the platform's shipped one) into checklist_items, so later edits of a template leave the cases that
// already have their items alone. Ticking records who and when; unticking clears both.

export const CHECKLIST_ITEM_CHANGED_MESSAGE = 'Someone else changed this item since you opened it. It now shows their change; tick it again if you still mean to.';
const FORMER_MEMBER = 'Former member';
const DELETED_TEMPLATE = 'Checklist';

function selectItems(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('checklist_items as i')
    .leftJoin('users as doer', 'doer.id', 'i.done_by')
    .select(['i.id', 'i.case_id', 'i.template', 'i.label', 'i.item_key', 'i.position', 'i.done', 'i.done_by', 'i.done_at', 'i.version', 'doer.first_name', 'doer.last_name'])
    .where('i.organization_id', '=', organizationId);
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['executeTakeFirstOrThrow']>>;

function toItem(row: ItemRow): TChecklistItem {
  const done = Number(row.done) === 1;
  return {
    id: row.id,
    label: row.label,
    key: (row.item_key as TChecklistItemKey | null) ?? null,
    done,
    doneByName: done ? fullName(row.first_name, row.last_name) ?? FORMER_MEMBER : null,
    doneAt: done ? row.done_at : null,
    version: Number(row.version),
  };
}

const itemsOfCase = (db: Kysely<DB>, organizationId: string, caseId: string) =>
  selectItems(db, organizationId).where('i.case_id', '=', caseId).orderBy('i.position').orderBy('i.id').execute();

/** The name a case's checklist shows: its template's, a shipped one's, or a neutral one if the template is gone. */
async function templateName(db: Kysely<DB>, actor: TenantActor, key: string | undefined): Promise<string> {
  if (!key) return SHIPPED_CHECKLISTS[actor.platform].name;
  const shipped = Object.values(SHIPPED_CHECKLISTS).find((s) => s.key === key);
  if (shipped) return shipped.name;
  const row = await db.selectFrom('checklist_templates').select('name').where('id', '=', key).where('organization_id', '=', actor.organizationId).executeTakeFirst();
  return row?.name ?? DELETED_TEMPLATE;
}

async function toChecklist(db: Kysely<DB>, actor: TenantActor, caseId: string, rows: ItemRow[]): Promise<TChecklist> {
  let items = rows.map(toItem);
  // Issue 32: the conflict check item shows the check attached to the matter (what ticked it, or what holds it open).
  if (items.some((i) => i.key === 'conflict-check')) {
    const latest = (await attachedConflictChecks(db, actor.organizationId, caseId))[0];
    if (latest) {
      const evidence = { kind: 'conflict-check' as const, id: latest.checkId, summary: conflictCheckSummary(latest), unresolvedAdverse: latest.unresolvedAdverse };
      items = items.map((i) => (i.key === 'conflict-check' ? { ...i, evidence } : i));
    }
  }
  return { caseId, template: await templateName(db, actor, rows[0]?.template), items, percent: checklistPercent(items) };
}

/**
 * Gives the case its items from the template of its case type, once. Two first reads at the same time
 * must not both copy: on Postgres the case's row is locked while the second looks again; SQLite runs
 * one transaction at a time on its one connection.
 */
async function instantiateItems(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const kase = await trx
      .selectFrom('cases')
      .select(['id', 'case_type'])
      .where('id', '=', caseId)
      .where('organization_id', '=', actor.organizationId)
      .$call((q) => (isPostgres(db) ? q.forUpdate() : q))
      .executeTakeFirst();
    if (!kase) throw new AppError('NOT_FOUND', 'Case not found');
    const already = await trx.selectFrom('checklist_items').select('id').where('case_id', '=', caseId).limit(1).executeTakeFirst();
    if (already) return;
    const own = pickChecklistTemplate(await listTemplateRows(trx, actor.organizationId), kase.case_type);
    const shipped = SHIPPED_CHECKLISTS[actor.platform];
    const template = own ? { key: own.id, items: own.items } : { key: shipped.key, items: shipped.items };
    // The stable key of an item a record ticks: the shipped template's own, or the same words in an organisation's.
    const keyOf = (label: string): TChecklistItemKey | null =>
      own ? checklistItemKeyOf(label) : ((Object.entries(shipped.keyed ?? {}).find(([, keyed]) => keyed === label)?.[0] as TChecklistItemKey | undefined) ?? null);
    const createdAt = nowIso();
    await trx
      .insertInto('checklist_items')
      .values(
        template.items.map((label, position) => ({
          id: randomUUID(), organization_id: actor.organizationId, case_id: caseId, template: template.key, label, item_key: keyOf(label), position, created_at: createdAt,
        })),
      )
      .execute();
    // A conflict check attached or a hospital record uploaded before the first read ticks its item now.
    await syncAutoTickedItems(trx, actor.organizationId, caseId);
  });
}

/** GET /api/patient-cases/{id}/checklist: the case's items (made on the first read) and the percent done. */
export async function getChecklist(db: Kysely<DB>, actor: TenantActor, caseId: string): Promise<TChecklist> {
  const kase = await requireCaseAccess(db, actor, caseId);
  let rows = await itemsOfCase(db, actor.organizationId, kase.id);
  if (rows.length === 0) {
    await instantiateItems(db, actor, kase.id);
    rows = await itemsOfCase(db, actor.organizationId, kase.id);
  }
  return toChecklist(db, actor, kase.id, rows);
}

/** PATCH /api/checklist-items/{id}: tick (who and when recorded) or untick (both cleared). */
export async function tickChecklistItem(db: Kysely<DB>, actor: TenantActor, input: TTickChecklistItemInput): Promise<TChecklist> {
  const found = await selectItems(db, actor.organizationId).where('i.id', '=', input.id).executeTakeFirst();
  if (!found) throw new AppError('NOT_FOUND', 'Checklist item not found');
  const kase = await requireCaseAccess(db, actor, found.case_id);
  await db.transaction().execute(async (trx) => {
    const row = await selectItems(trx, actor.organizationId).where('i.id', '=', found.id).executeTakeFirstOrThrow();
    const current = toItem(row);
    if (input.expectedVersion !== undefined && input.expectedVersion !== current.version) {
      throw new AppError('CONFLICT', CHECKLIST_ITEM_CHANGED_MESSAGE, undefined, { current });
    }
    if (current.done === input.done) return; // already so: who ticked it first keeps the credit
    if (input.done && current.key === 'conflict-check') {
      const unresolved = (await attachedConflictChecks(trx, actor.organizationId, kase.id)).reduce((n, c) => n + c.unresolvedAdverse, 0);
      if (unresolved > 0) throw new AppError('CONFLICT', CONFLICT_CHECK_UNRESOLVED_MESSAGE(unresolved), { done: CONFLICT_CHECK_UNRESOLVED_MESSAGE(unresolved) });
    }
    const at = nowIso();
    const updated = await trx
      .updateTable('checklist_items')
      .set({ done: input.done ? 1 : 0, done_by: input.done ? actor.userId : null, done_at: input.done ? at : null, version: current.version + 1 })
      .where('id', '=', current.id)
      .where('version', '=', current.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      const now = toItem(await selectItems(trx, actor.organizationId).where('i.id', '=', current.id).executeTakeFirstOrThrow());
      throw new AppError('CONFLICT', CHECKLIST_ITEM_CHANGED_MESSAGE, undefined, { current: now });
    }
    const who = await trx.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', actor.userId).executeTakeFirst();
    const name = fullName(who?.first_name, who?.last_name) ?? 'Someone';
    await appendCaseEvent(trx, {
      organizationId: actor.organizationId,
      caseId: kase.id,
      actorId: actor.userId,
      kind: 'checklist.ticked',
      summary: `${input.done ? 'Ticked' : 'Unticked'} “${current.label}” on the checklist (${name})`,
      details: { itemId: current.id, label: current.label, done: input.done },
      at,
    });
  });
  return toChecklist(db, actor, kase.id, await itemsOfCase(db, actor.organizationId, kase.id));
}
