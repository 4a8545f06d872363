import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { csvLine } from '../../../shared/csv';
import type { TPersonAccessEntry, TPersonAccessReport } from '../../../shared/domain/people';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';

// POPIA s23 for a person (issue 19): everyone who read or changed anything of theirs — every entry
// of the organisation's trail about one of their cases (as the case's own person; a case they are
// only a party to is someone else's record), and every entry about the person record itself or a
// record merged into it. Oldest first. Only the organisation's own entries: an attempt from another
// tenant is in the full trail, but naming that tenant's staff here would leak them.

export async function personAccessReport(db: Kysely<DB>, actor: TenantActor, id: string): Promise<TPersonAccessReport> {
  const person = await db
    .selectFrom('people')
    .select(['id', 'full_name'])
    .where('id', '=', id)
    .where('organization_id', '=', actor.organizationId)
    .executeTakeFirst();
  if (!person) throw new AppError('NOT_FOUND', 'Person not found');
  const org = actor.organizationId;

  const rows = await db
    .selectFrom('audit_events')
    .leftJoin('users', 'users.id', 'audit_events.user_id')
    .leftJoin('cases', 'cases.id', 'audit_events.case_id')
    .select([
      'audit_events.seq', 'audit_events.occurred_at', 'audit_events.user_id', 'audit_events.role', 'audit_events.action',
      'audit_events.entity_type', 'audit_events.case_id', 'audit_events.outcome', 'audit_events.details',
      'users.first_name', 'users.last_name', 'cases.reference as case_reference',
    ])
    .where('audit_events.organization_id', '=', org)
    .where((eb) =>
      eb.or([
        eb('audit_events.case_id', 'in', eb.selectFrom('cases').select('cases.id').where('cases.organization_id', '=', org).where('cases.person_id', '=', id)),
        eb.and([
          eb('audit_events.entity_type', '=', 'person'),
          eb.or([
            eb('audit_events.entity_id', '=', id),
            eb('audit_events.entity_id', 'in', eb.selectFrom('people').select('people.id').where('people.organization_id', '=', org).where('people.merged_into_id', '=', id)),
          ]),
        ]),
      ]),
    )
    .orderBy('audit_events.seq', 'asc')
    .execute();

  const items: TPersonAccessEntry[] = rows.map((row) => ({
    at: row.occurred_at,
    userId: row.user_id,
    userName: row.first_name != null ? `${row.first_name} ${row.last_name ?? ''}`.trim() : emailOf(row.details) ?? 'Unknown',
    role: row.role,
    action: row.action,
    entityType: row.entity_type,
    caseId: row.case_id,
    caseReference: row.case_reference ?? null,
    outcome: row.outcome,
  }));
  return { person: { id: person.id, fullName: person.full_name }, items };
}

/** The e-mail an unauthenticated attempt was made with, from the entry's details. */
function emailOf(details: string): string | null {
  try {
    const parsed: unknown = JSON.parse(details);
    return parsed && typeof parsed === 'object' && typeof (parsed as { email?: unknown }).email === 'string' ? (parsed as { email: string }).email : null;
  } catch {
    return null;
  }
}

export const PERSON_ACCESS_REPORT_CSV_HEADER = ['Time (UTC)', 'Person', 'Role', 'Action', 'Entity', 'Case id', 'Case reference', 'Outcome'];

export function personAccessReportCsv(report: TPersonAccessReport): string {
  return [
    csvLine(PERSON_ACCESS_REPORT_CSV_HEADER),
    ...report.items.map((e) => csvLine([e.at, e.userName, e.role, e.action, e.entityType, e.caseId, e.caseReference, e.outcome])),
  ].join('\r\n') + '\r\n';
}
