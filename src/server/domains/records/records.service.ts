import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { RECENT_TEST_RESULTS_LIMIT, type TRecentTestResult, type TTestResultStatus } from '../../../shared/domain/portal';
import type { TenantActor } from '../../auth/actor';
import { caseFileReadable } from '../cases/case-visibility';

// Clinical records as staff see them. For now: the organisation's latest test results, for the
// Diagnostic Services dashboard. A result counts from when it came back, or was ordered if pending.

export async function recentTestResults(db: Kysely<DB>, actor: TenantActor): Promise<TRecentTestResult[]> {
  const rows = await db
    .selectFrom('test_results')
    .innerJoin('cases', 'cases.id', 'test_results.case_id')
    .select((eb) => [
      'test_results.id', 'test_results.case_id', 'cases.patient_name', 'test_results.test_name', 'test_results.status',
      'test_results.ordered_at', 'test_results.resulted_at', 'test_results.result_summary', 'test_results.flag',
      eb.fn.coalesce('test_results.resulted_at', 'test_results.ordered_at').as('latest_at'),
    ])
    .where('test_results.organization_id', '=', actor.organizationId)
    .where('cases.organization_id', '=', actor.organizationId)
    // Results of a restricted case are for its team (issue 28), here as on the case page.
    .where(caseFileReadable(actor, 'test_results.case_id'))
    .orderBy('latest_at', 'desc')
    .orderBy('test_results.id')
    .limit(RECENT_TEST_RESULTS_LIMIT)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    caseId: r.case_id,
    patientName: r.patient_name,
    testName: r.test_name,
    status: r.status as TTestResultStatus,
    orderedAt: r.ordered_at,
    resultedAt: r.resulted_at,
    summary: r.result_summary,
    flag: r.flag,
  }));
}
