import type { Trpc } from '../../trpc';

// What /legal-documents reads, shared by the screen and its route's loader so both use one cache entry.

/** The case filter's "every case" choice. */
export const ALL_CASES = 'all';

export const documentsQuery = (trpc: Trpc, caseFilter: string, search: string) =>
  trpc.documents.list.queryOptions({ caseId: caseFilter === ALL_CASES ? undefined : caseFilter, search: search || undefined });

/** The cases offered by the filter and the upload dialog. */
export const documentCasesQuery = (trpc: Trpc) => trpc.cases.list.queryOptions({ pageSize: 200 });
