import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import {
  SHIPPED_CHECKLISTS,
  type TChecklistTemplate,
  type TChecklistTemplates,
  type TSaveChecklistTemplateInput,
} from '../../../shared/domain/checklists';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';

// An organisation's own checklist templates (issue 20), edited by Administrators (checklists.manage).
// A template names the case types it is for (matched without case; none = every case); a case gets
// the first that fits when its checklist is first opened, else the platform's shipped one. Editing or
// deleting a template changes no case's items: they were copied when the case got them.

export const TEMPLATE_CHANGED_MESSAGE = 'Someone else changed this template since you opened it. It now shows their version; make your change again.';

export interface TemplateRow extends TChecklistTemplate {
  createdAt: string;
}

const parseList = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

function selectTemplates(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('checklist_templates')
    .select(['id', 'name', 'case_types', 'items', 'version', 'created_at'])
    .where('organization_id', '=', organizationId);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectTemplates>['executeTakeFirstOrThrow']>>;

const toTemplate = (row: Row): TemplateRow => ({
  id: row.id,
  name: row.name,
  caseTypes: parseList(row.case_types),
  items: parseList(row.items),
  version: Number(row.version),
  createdAt: row.created_at,
});

const dto = ({ createdAt: _createdAt, ...template }: TemplateRow): TChecklistTemplate => template;

/** The organisation's templates, oldest first (the order a case type is matched in). */
export async function listTemplateRows(db: Kysely<DB>, organizationId: string): Promise<TemplateRow[]> {
  return (await selectTemplates(db, organizationId).orderBy('created_at').orderBy('id').execute()).map(toTemplate);
}

/** GET /api/checklist-templates. */
export async function listChecklistTemplates(db: Kysely<DB>, actor: TenantActor): Promise<TChecklistTemplates> {
  const shipped = SHIPPED_CHECKLISTS[actor.platform];
  return { items: (await listTemplateRows(db, actor.organizationId)).map(dto), shipped: { key: shipped.key, name: shipped.name, items: [...shipped.items] } };
}

async function findTemplate(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TemplateRow> {
  const row = await selectTemplates(db, actor.organizationId).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'Checklist template not found');
  return toTemplate(row);
}

/** Case types without repeats (the first spelling kept), so matching is unambiguous. */
function distinctCaseTypes(caseTypes: readonly string[]): string[] {
  const seen = new Set<string>();
  return caseTypes.filter((c) => {
    const key = c.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** PUT /api/checklist-templates: creates one without `id`; with `id`, replaces it if `expectedVersion` is current (else 409). */
export async function saveChecklistTemplate(db: Kysely<DB>, actor: TenantActor, input: TSaveChecklistTemplateInput): Promise<TChecklistTemplate> {
  const caseTypes = JSON.stringify(distinctCaseTypes(input.caseTypes));
  const items = JSON.stringify(input.items);
  const now = nowIso();
  if (!input.id) {
    const id = randomUUID();
    await db
      .insertInto('checklist_templates')
      .values({ id, organization_id: actor.organizationId, name: input.name, case_types: caseTypes, items, updated_by: actor.userId, created_at: now, updated_at: now })
      .execute();
    return dto(await findTemplate(db, actor, id));
  }
  const before = await findTemplate(db, actor, input.id);
  if (input.expectedVersion === undefined) {
    const message = 'The version you edited is required to change a template';
    throw new AppError('BAD_REQUEST', message, { expectedVersion: message });
  }
  if (input.expectedVersion !== before.version) throw new AppError('CONFLICT', TEMPLATE_CHANGED_MESSAGE, undefined, { current: dto(before) });
  const updated = await db
    .updateTable('checklist_templates')
    .set({ name: input.name, case_types: caseTypes, items, version: before.version + 1, updated_by: actor.userId, updated_at: now })
    .where('id', '=', before.id)
    .where('organization_id', '=', actor.organizationId)
    .where('version', '=', before.version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new AppError('CONFLICT', TEMPLATE_CHANGED_MESSAGE, undefined, { current: dto(await findTemplate(db, actor, before.id)) });
  return dto(await findTemplate(db, actor, before.id));
}

/** DELETE /api/checklist-templates/{id}: cases that already have their items keep them. */
export async function deleteChecklistTemplate(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TChecklistTemplate> {
  const before = await findTemplate(db, actor, id);
  await db.deleteFrom('checklist_templates').where('id', '=', before.id).where('organization_id', '=', actor.organizationId).execute();
  return dto(before);
}
