import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { onUniqueViolation } from '../../../../db/unique-violation';
import { SHIPPED_CASE_TYPES, type TAddCaseTypeInput, type TCaseTypeList, caseTypeKey, mergeCaseTypes } from '../../../shared/domain/case-types';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';

// Case types from a list (issue 32): the platform's shipped ones and the organisation's own, which
// an Administrator adds and removes. Removing a type changes no case: a case's type is its words.

const EXISTS_MESSAGE = 'This case type is already on the list.';

function ownTypes(db: Kysely<DB>, organizationId: string) {
  return db.selectFrom('case_types').select(['id', 'name']).where('organization_id', '=', organizationId).orderBy('name').execute();
}

export async function listCaseTypes(db: Kysely<DB>, actor: TenantActor): Promise<TCaseTypeList> {
  return mergeCaseTypes(actor.platform, await ownTypes(db, actor.organizationId));
}

export async function addCaseType(db: Kysely<DB>, actor: TenantActor, input: TAddCaseTypeInput): Promise<TCaseTypeList> {
  const name = input.name.replace(/\s+/g, ' ');
  const key = caseTypeKey(name);
  if (SHIPPED_CASE_TYPES[actor.platform].some((shipped) => caseTypeKey(shipped) === key)) throw new AppError('CONFLICT', EXISTS_MESSAGE, { name: EXISTS_MESSAGE });
  await onUniqueViolation(
    () =>
      db
        .insertInto('case_types')
        .values({ id: randomUUID(), organization_id: actor.organizationId, name, name_key: key, created_by: actor.userId, created_at: nowIso() })
        .execute(),
    () => new AppError('CONFLICT', EXISTS_MESSAGE, { name: EXISTS_MESSAGE }),
  );
  return listCaseTypes(db, actor);
}

export async function removeCaseType(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TCaseTypeList> {
  const removed = await db.deleteFrom('case_types').where('id', '=', id).where('organization_id', '=', actor.organizationId).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw new AppError('NOT_FOUND', 'Case type not found');
  return listCaseTypes(db, actor);
}
