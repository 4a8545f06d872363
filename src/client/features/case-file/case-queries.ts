import type { Trpc } from '../../trpc';

// The queries of a case's parts, shared by the overview and the tabs so both read one cache entry.

export const teamQuery = (trpc: Trpc, caseId: string) => trpc.caseTeam.get.queryOptions({ id: caseId });
export const partiesQuery = (trpc: Trpc, caseId: string) => trpc.parties.list.queryOptions({ id: caseId });
export const conflictCheckQuery = (trpc: Trpc, caseId: string) => trpc.parties.conflictCheck.queryOptions({ id: caseId });
export const notesQuery = (trpc: Trpc, caseId: string) => trpc.notes.list.queryOptions({ id: caseId });
export const caseTasksQuery = (trpc: Trpc, caseId: string) => trpc.tasks.list.queryOptions({ caseId });
export const documentsQuery = (trpc: Trpc, caseId: string) => trpc.documents.forCase.queryOptions({ caseId });
export const appointmentsQuery = (trpc: Trpc, caseId: string) => trpc.appointments.list.queryOptions({ caseId });
export const messagesQuery = (trpc: Trpc, caseId: string) => trpc.messages.list.queryOptions({ caseId });
// Issue 22 — results and medications:
export const resultsQuery = (trpc: Trpc, caseId: string) => trpc.results.list.queryOptions({ id: caseId });
export const medicationsQuery = (trpc: Trpc, caseId: string) => trpc.medications.list.queryOptions({ id: caseId });
export const hospitalRecordsQuery = (trpc: Trpc, caseId: string) => trpc.hospitalRecords.list.queryOptions({ id: caseId });
export const myTimeQuery = (trpc: Trpc, caseId: string) => trpc.costs.listMyTimeEntries.queryOptions({ caseId, limit: 200 });
