import type { Trpc } from '../../../trpc';

// The compliance checklist and trial readiness of a case (issue 20): one cache entry each, shared by
// the case header's percentage, the Checklist tab and the Court tab's readiness panel.
export const checklistQuery = (trpc: Trpc, caseId: string) => trpc.checklists.get.queryOptions({ id: caseId });
export const readinessQuery = (trpc: Trpc, caseId: string) => trpc.readiness.get.queryOptions({ id: caseId });
