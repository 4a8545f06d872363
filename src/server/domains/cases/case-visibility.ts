import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { can } from '../../../shared/roles';
import { readsEveryCase } from './case-access';

// Need to know at the query layer (issue 28, decision 0045). A restricted case's file — its
// narrative, clinical and legal content and everything bound to it — is read only by its team,
// Administrators, the Super Admin, the Patient it belongs to, and whoever broke the glass within the
// hour. `requireCaseAccess` guards the reads and writes of ONE case by id; a list cannot ask it per
// row, so the same rule is written here once as SQL, and every list that reaches case-bound rows from
// elsewhere (the schedule, messages, tasks, documents, recent results, dashboards, search, feeds)
// uses one of these:
// - `readableCaseOf(actor)`: a query with `cases` in scope leaves out the cases the actor may not read;
// - `caseFileReadable(actor, column)`: a row bound to a case by `column` is left out likewise;
// - `needToKnowColumn` / `needToKnowOf`: a list that keeps such rows (the case list, the schedule)
//   selects `need_to_know` and shows the row as name, reference, status and "Restricted".
// The canary walk (src/server/need-to-know-walk.test.ts) calls every procedure as a non-member and
// fails on any answer carrying text of a restricted case, so a list that forgets this is caught.

/** Who is reading: enough of the actor for the rule (the calendar feed has no session, only its owner). */
export type CaseReader = { userId: string; role: string | null; isSuperAdmin?: boolean };

export { WITHHELD_LABEL } from '../../../shared/domain/cases';

/** True when the rule does not apply: every case is readable (no need-to-know condition). */
function unrestrictedReader(actor: CaseReader): boolean {
  // A Patient's reads are scoped to their own case by the portal; restriction is about staff.
  return readsEveryCase(actor) || can(actor, 'patientPortal.view');
}

const ALWAYS = sql<SqlBool>`1 = 1`;

/**
 * THE rule, in SQL, for the case row named `caseTable` (a table or alias in scope): not restricted,
 * or the actor is on its team, or holds an unexpired break-glass grant for it. Plain SQL that reads
 * the same on SQLite and Postgres; the indexes case_team_member_idx and break_glass_case_user_idx
 * answer both probes.
 */
function readableSql(actor: CaseReader, caseTable: string, now: string) {
  const id = sql.ref(`${caseTable}.id`);
  return sql<SqlBool>`(${sql.ref(`${caseTable}.restricted`)} = 0
    or exists (select 1 from case_team ntk_team where ntk_team.case_id = ${id} and ntk_team.user_id = ${actor.userId})
    or exists (select 1 from break_glass_grants ntk_grant where ntk_grant.case_id = ${id} and ntk_grant.user_id = ${actor.userId} and ntk_grant.expires_at > ${now}))`;
}

/** True for the `cases` rows the actor may read; use in a query that has `cases` in scope. */
export function readableCaseOf(actor: CaseReader, now: string = nowIso()) {
  return (_eb: ExpressionBuilder<DB, 'cases'>): Expression<SqlBool> => (unrestrictedReader(actor) ? ALWAYS : readableSql(actor, 'cases', now));
}

function boundRowReadable(actor: CaseReader, caseIdColumn: string): Expression<SqlBool> {
  if (unrestrictedReader(actor)) return ALWAYS;
  return sql<SqlBool>`not exists (select 1 from cases ntk_case where ntk_case.id = ${sql.ref(caseIdColumn)} and not ${readableSql(actor, 'ntk_case', nowIso())})`;
}

/**
 * Where-clause for a row bound to a case by `caseIdColumn` (nullable: a row bound to no case
 * passes): true unless that case is one the actor may not read.
 */
export function caseFileReadable(actor: CaseReader, caseIdColumn: string) {
  return (_eb: ExpressionBuilder<any, any>): Expression<SqlBool> => boundRowReadable(actor, caseIdColumn);
}

/**
 * Where-clause for a row ABOUT a case that is listed to people (a message): the row may name no
 * case; if it does, only someone who reads case files (caseFile.view — not the kitchen, security or
 * cleaning staff) and may read that case sees it. A Patient's own-case scoping is the portal's.
 */
export function aboutReadableCase(actor: CaseReader, caseIdColumn: string) {
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
    if (can(actor, 'patientPortal.view')) return ALWAYS;
    if (!can(actor, 'caseFile.view')) return sql<SqlBool>`${sql.ref(caseIdColumn)} is null`;
    return caseFileReadable(actor, caseIdColumn)(eb);
  };
}

/** Selected as `need_to_know` (1/0): may the actor read the file of the row's case (by `caseIdColumn`)? */
export function needToKnowOf(actor: CaseReader, caseIdColumn: string) {
  if (unrestrictedReader(actor)) return sql<number>`1`.as('need_to_know');
  return sql<number>`case when ${boundRowReadable(actor, caseIdColumn)} then 1 else 0 end`.as('need_to_know');
}

/** Selected as `need_to_know` (1/0) in a query on `cases`: may the actor read this case's file? */
export function needToKnowColumn(actor: CaseReader) {
  if (unrestrictedReader(actor)) return sql<number>`1`.as('need_to_know');
  return sql<number>`case when ${readableSql(actor, 'cases', nowIso())} then 1 else 0 end`.as('need_to_know');
}

/** For a row selected with need_to_know: is it a restricted case withheld from the actor? */
export function isWithheld(restricted: boolean | number, needToKnow: number | boolean | null | undefined): boolean {
  return Number(restricted) === 1 && !Number(needToKnow);
}
