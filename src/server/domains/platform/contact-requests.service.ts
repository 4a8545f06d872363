import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import {
  CONTACT_REQUEST_LIST_LIMIT,
  CONTACT_REQUEST_STATUSES,
  type TContactRequest,
  type TContactRequestList,
  type TContactRequestStatus,
  type TListContactRequestsInput,
  type TUpdateContactRequestInput,
} from '../../../shared/domain/contact-requests';
import { fullName } from '../../../shared/format';
import type { Actor } from '../../auth/actor';
import { AppError } from '../../errors';

// The Super Admin's view of the contact-us requests (issue 17), beside the trial requests. They
// belong to no organisation, so reading them crosses tenants: the actor is checked here as well as
// by the router's capability. Any status may follow any other (a closed request can be reopened);
// the audit trail records each change (audited-procedures.ts).

type Db = Kysely<DB> | Transaction<DB>;

function assertSuperAdmin(actor: Actor): void {
  if (!actor.isSuperAdmin) throw new AppError('FORBIDDEN', 'Only a Super Admin can see contact requests.');
}

function selectRequests(db: Db) {
  return db
    .selectFrom('registration_requests')
    .leftJoin('users as changer', 'changer.id', 'registration_requests.status_changed_by')
    .selectAll('registration_requests')
    .select(['changer.first_name as changer_first', 'changer.last_name as changer_last']);
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['executeTakeFirstOrThrow']>>;

const isStatus = (v: string): v is TContactRequestStatus => (CONTACT_REQUEST_STATUSES as readonly string[]).includes(v);

function toContactRequest(row: RequestRow): TContactRequest {
  return {
    id: row.id,
    organizationName: row.organization_name,
    contactPerson: row.contact_person,
    email: row.email,
    phone: row.phone,
    organizationType: row.organization_type,
    platform: row.platform,
    userCount: row.user_count,
    message: row.message,
    createdAt: row.created_at,
    status: isStatus(row.status) ? row.status : 'new',
    statusChangedAt: row.status_changed_at,
    statusChangedBy: fullName(row.changer_first, row.changer_last),
  };
}

export async function listContactRequests(db: Kysely<DB>, actor: Actor, input: TListContactRequestsInput): Promise<TContactRequestList> {
  assertSuperAdmin(actor);
  let query = selectRequests(db);
  if (input?.status) query = query.where('registration_requests.status', '=', input.status);
  const [rows, counts] = await Promise.all([
    query.orderBy('registration_requests.created_at', 'desc').orderBy('registration_requests.id').limit(CONTACT_REQUEST_LIST_LIMIT).execute(),
    db.selectFrom('registration_requests').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute(),
  ]);
  const count = (status: TContactRequestStatus) => Number(counts.find((c) => c.status === status)?.n ?? 0);
  return { requests: rows.map(toContactRequest), counts: { new: count('new'), in_progress: count('in_progress'), closed: count('closed') } };
}

export async function updateContactRequestStatus(db: Kysely<DB>, actor: Actor, input: TUpdateContactRequestInput): Promise<TContactRequest> {
  assertSuperAdmin(actor);
  const updated = await db
    .updateTable('registration_requests')
    .set({ status: input.status, status_changed_at: nowIso(), status_changed_by: actor.userId })
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw new AppError('NOT_FOUND', 'Contact request not found.');
  return toContactRequest(await selectRequests(db).where('registration_requests.id', '=', input.id).executeTakeFirstOrThrow());
}
