import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DB } from '../../../../db/schema';
import { addDays, startOfDay } from '../../../shared/calendar';
import { csvLine } from '../../../shared/csv';
import { fullName } from '../../../shared/format';
import {
  AUDIT_CHANGE_ACTIONS,
  AUDIT_EXPORT_MAX_ROWS,
  type TAccessReport,
  type TAccessReportPerson,
  type TAuditActor,
  type TAuditEntry,
  type TAuditFilter,
  type TAuditListInput,
  type TAuditOutcome,
  type TAuditPage,
} from '../../../shared/domain/audit';
import { AppError } from '../../errors';
import type { Actor } from '../../auth/actor';
import { foldedPage } from './audit-folding';

// Reading the audit trail: an Administrator reads their organisation's entries, a Super Admin every
// organisation's (or one, by filter). Nothing here writes to audit_events — reading the trail is
// itself recorded by the tRPC middleware like any other audited call.

type AuditQuery = SelectQueryBuilder<DB, 'audit_events', object>;

/** The organisation whose trail the actor may read, or null for every organisation (Super Admin). */
function scopeOf(actor: Actor, requested?: string): string | null {
  if (actor.isSuperAdmin) return requested ?? null;
  if (!actor.organizationId) throw new AppError('FORBIDDEN', 'This action needs a signed-in member of an organisation.');
  return actor.organizationId;
}

/** Calendar days are South African days (docs/decisions/0007-business-calendar.md). */
function dayBounds(filter: TAuditFilter): { from?: string; before?: string } {
  if (filter.from && filter.to && filter.from > filter.to) {
    throw new AppError('BAD_REQUEST', 'The end date must not be before the start date.', { to: 'The end date must not be before the start date' });
  }
  const startOf = (day: string) => startOfDay(new Date(`${day}T12:00:00Z`));
  return {
    from: filter.from ? startOf(filter.from).toISOString() : undefined,
    before: filter.to ? addDays(startOf(filter.to), 1).toISOString() : undefined,
  };
}

function filtered(db: Kysely<DB>, actor: Actor, filter: TAuditFilter): AuditQuery {
  const organizationId = scopeOf(actor, filter.organizationId);
  const { from, before } = dayBounds(filter);
  let query: AuditQuery = db.selectFrom('audit_events');
  if (organizationId) query = query.where('audit_events.organization_id', '=', organizationId);
  if (filter.userId) query = query.where('audit_events.user_id', '=', filter.userId);
  if (filter.entityType) query = query.where('audit_events.entity_type', '=', filter.entityType);
  if (filter.action) query = query.where('audit_events.action', '=', filter.action);
  if (from) query = query.where('audit_events.occurred_at', '>=', from);
  if (before) query = query.where('audit_events.occurred_at', '<', before);
  return query;
}

/**
 * The entries with who made them and, issue 32, whom they are about: a user (a member of the entry's
 * organisation), an invitee of that organisation, or a person of its registry. Joins by primary key
 * on the rows asked for — one query per page, not one per row.
 */
function withPeople(query: AuditQuery) {
  return query
    .leftJoin('users', 'users.id', 'audit_events.user_id')
    .leftJoin('organizations', 'organizations.id', 'audit_events.organization_id')
    .leftJoin('users as subject_user', (join) => join.onRef('subject_user.id', '=', 'audit_events.entity_id').on('audit_events.entity_type', '=', 'user'))
    .leftJoin('memberships as subject_membership', (join) =>
      join.onRef('subject_membership.user_id', '=', 'subject_user.id').onRef('subject_membership.organization_id', '=', 'audit_events.organization_id'),
    )
    .leftJoin('invitations as subject_invitation', (join) =>
      join
        .onRef('subject_invitation.id', '=', 'audit_events.entity_id')
        .onRef('subject_invitation.organization_id', '=', 'audit_events.organization_id')
        .on('audit_events.entity_type', '=', 'user'),
    )
    .leftJoin('people as subject_person', (join) =>
      join
        .onRef('subject_person.id', '=', 'audit_events.entity_id')
        .onRef('subject_person.organization_id', '=', 'audit_events.organization_id')
        .on('audit_events.entity_type', '=', 'person'),
    )
    .selectAll('audit_events')
    .select([
      'users.first_name', 'users.last_name', 'users.email', 'organizations.name as organization_name',
      'subject_user.first_name as subject_first_name', 'subject_user.last_name as subject_last_name', 'subject_membership.id as subject_membership_id',
      'subject_invitation.email as invitee_email', 'subject_invitation.first_name as invitee_first_name', 'subject_invitation.last_name as invitee_last_name',
      'subject_person.full_name as person_name',
    ]);
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof withPeople>['execute']>>[number];

/**
 * The name of whom the entry is about; a user only when a member of the entry's organisation (or of
 * none: the Super Admin's own entries). `personNames` is off for the Super Admin: the platform team
 * reads who did what, not the names of an organisation's patients and clients.
 */
function entityNameOf(row: EntryRow, personNames: boolean): string | null {
  if (row.entity_type === 'user') {
    if (row.subject_first_name != null && (row.subject_membership_id != null || row.organization_id === null)) {
      return fullName(row.subject_first_name, row.subject_last_name);
    }
    if (row.invitee_email != null) return fullName(row.invitee_first_name, row.invitee_last_name) ?? row.invitee_email;
    return null;
  }
  if (row.entity_type === 'person' && personNames) return row.person_name ?? null;
  return null;
}

interface EntryOptions {
  personNames: boolean;
  folded?: TAuditEntry['folded'];
}

function toEntry(row: EntryRow, options: EntryOptions): TAuditEntry {
  let details: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.details);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) details = parsed as Record<string, unknown>;
  } catch {
    // A row written by hand: show it without details rather than fail the whole page.
  }
  const triedEmail = typeof details.email === 'string' ? details.email : null;
  return {
    seq: Number(row.seq),
    occurredAt: row.occurred_at,
    organizationId: row.organization_id,
    organizationName: row.organization_name ?? null,
    userId: row.user_id,
    userName: row.first_name != null ? `${row.first_name} ${row.last_name ?? ''}`.trim() : triedEmail,
    userEmail: row.email ?? triedEmail,
    role: row.role,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    entityName: entityNameOf(row, options.personNames),
    caseId: row.case_id,
    outcome: row.outcome as TAuditOutcome,
    ip: row.ip,
    userAgent: row.user_agent,
    details,
    folded: options.folded ?? null,
  };
}

const namesFor = (actor: Actor) => ({ personNames: !actor.isSuperAdmin });

export async function listAuditEvents(db: Kysely<DB>, actor: Actor, input: TAuditListInput): Promise<TAuditPage> {
  const untilSeq = input.untilSeq ?? Number((await db.selectFrom('audit_chain_head').select('seq').executeTakeFirstOrThrow()).seq);
  const base = filtered(db, actor, input).where('audit_events.seq', '<=', untilSeq);
  if (input.fold) {
    // Issue 32: a page of folded rows, then the entries shown for them, with names, in one query.
    const { rows: folds, total } = await foldedPage(db, base, input.page, input.pageSize);
    const rows = folds.length === 0
      ? []
      : await withPeople(base.where('audit_events.seq', 'in', folds.map((f) => f.seq))).orderBy('audit_events.seq', 'desc').execute();
    const foldOf = new Map(folds.map((f) => [f.seq, f]));
    const items = rows.map((row) => {
      const fold = foldOf.get(Number(row.seq));
      return toEntry(row, { ...namesFor(actor), folded: fold && fold.count > 1 ? { count: fold.count, firstAt: fold.firstAt, firstSeq: fold.firstSeq } : null });
    });
    return { items, total, page: input.page, pageSize: input.pageSize, untilSeq };
  }
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    withPeople(base)
      .orderBy('audit_events.seq', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute(),
  ]);
  return { items: rows.map((row) => toEntry(row, namesFor(actor))), total: Number(total), page: input.page, pageSize: input.pageSize, untilSeq };
}

/** Everyone who appears in the actor's trail, for the person filter. */
export async function listAuditActors(db: Kysely<DB>, actor: Actor, organizationId?: string): Promise<TAuditActor[]> {
  const scope = scopeOf(actor, organizationId);
  let query = db
    .selectFrom('users')
    .select(['users.id', 'users.first_name', 'users.last_name', 'users.email'])
    .where('users.id', 'in', (eb) => {
      let inner = eb.selectFrom('audit_events').select('audit_events.user_id').where('audit_events.user_id', 'is not', null);
      if (scope) inner = inner.where('audit_events.organization_id', '=', scope);
      return inner.$narrowType<{ user_id: string }>();
    });
  query = query.orderBy('users.first_name').orderBy('users.last_name');
  const rows = await query.execute();
  return rows.map((r) => ({ userId: r.id, name: `${r.first_name} ${r.last_name}`.trim(), email: r.email }));
}

export const AUDIT_CSV_HEADER = ['Sequence', 'Time (UTC)', 'Organisation', 'Person', 'E-mail', 'Role', 'Action', 'Entity', 'Entity id', 'Case id', 'Outcome', 'Address', 'User agent', 'Details'];

function csvRow(entry: TAuditEntry): string {
  return csvLine([
    entry.seq, entry.occurredAt, entry.organizationName, entry.userName, entry.userEmail, entry.role, entry.action,
    entry.entityType, entry.entityId, entry.caseId, entry.outcome, entry.ip, entry.userAgent, JSON.stringify(entry.details),
  ]);
}

function csvOf(entries: TAuditEntry[]): string {
  return [csvLine(AUDIT_CSV_HEADER), ...entries.map(csvRow)].join('\r\n') + '\r\n';
}

/** The filtered trail as CSV, newest first; at most AUDIT_EXPORT_MAX_ROWS rows (409 past that: narrow the filters). */
export async function exportAuditEvents(db: Kysely<DB>, actor: Actor, filter: TAuditFilter): Promise<{ csv: string; rows: number }> {
  const base = filtered(db, actor, filter);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  if (Number(total) > AUDIT_EXPORT_MAX_ROWS) {
    throw new AppError('CONFLICT', `The export would hold ${Number(total)} entries; narrow the dates or filters to at most ${AUDIT_EXPORT_MAX_ROWS}.`);
  }
  const rows = await withPeople(base).orderBy('audit_events.seq', 'desc').execute();
  return { csv: csvOf(rows.map((row) => toEntry(row, namesFor(actor)))), rows: rows.length };
}

/** POPIA s23: every entry about one case (itself, its costs, documents, messages …) and who made them. */
export async function accessReport(db: Kysely<DB>, actor: Actor, caseId: string): Promise<TAccessReport> {
  const scope = scopeOf(actor);
  let caseQuery = db
    .selectFrom('cases')
    .select(['id', 'organization_id', 'patient_name', 'case_type', 'status', 'deidentified_at'])
    .where('id', '=', caseId);
  if (scope) caseQuery = caseQuery.where('organization_id', '=', scope);
  const found = await caseQuery.executeTakeFirst();
  if (!found) throw new AppError('NOT_FOUND', 'Case not found.');

  // Only the case's own organisation's entries: an attempt from another tenant (refused with 404)
  // is in the full trail, but naming that tenant's staff here would leak them to this one.
  const rows = await withPeople(
    db.selectFrom('audit_events').where('audit_events.case_id', '=', caseId).where('audit_events.organization_id', '=', found.organization_id),
  )
    .orderBy('audit_events.seq', 'asc')
    .execute();
  const entries = rows.map((row) => toEntry(row, namesFor(actor)));
  return {
    case: { id: found.id, patientName: found.patient_name, caseType: found.case_type, status: found.status, deidentified: found.deidentified_at != null },
    people: peopleOf(entries),
    entries,
  };
}

function peopleOf(entries: TAuditEntry[]): TAccessReportPerson[] {
  const people = new Map<string, TAccessReportPerson>();
  for (const entry of entries) {
    if (entry.outcome !== 'success') continue; // a refused attempt saw nothing
    const key = entry.userId ?? `anonymous:${entry.userEmail ?? ''}`;
    const person = people.get(key) ?? {
      userId: entry.userId, userName: entry.userName, userEmail: entry.userEmail, roles: [], reads: 0, changes: 0, firstAt: entry.occurredAt, lastAt: entry.occurredAt,
    };
    if (entry.role && !person.roles.includes(entry.role)) person.roles.push(entry.role);
    if ((AUDIT_CHANGE_ACTIONS as readonly string[]).includes(entry.action)) person.changes += 1;
    else person.reads += 1;
    person.lastAt = entry.occurredAt;
    people.set(key, person);
  }
  return [...people.values()].sort((a, b) => (a.lastAt < b.lastAt ? 1 : -1));
}

export const ACCESS_REPORT_CSV_HEADER = ['Person', 'E-mail', 'Roles', 'Reads', 'Changes', 'First access (UTC)', 'Last access (UTC)'];

export function accessReportCsv(report: TAccessReport): string {
  const people = report.people.map((p) => csvLine([p.userName, p.userEmail, p.roles.join('; '), p.reads, p.changes, p.firstAt, p.lastAt]));
  const header = csvLine(ACCESS_REPORT_CSV_HEADER);
  return [
    csvLine([`Access report for case ${report.case.id}`]),
    header,
    ...people,
    '',
    csvLine(AUDIT_CSV_HEADER),
    ...report.entries.map(csvRow),
  ].join('\r\n') + '\r\n';
}
