import type { QueryClient } from '@tanstack/react-query';
import type { CaseFileTab } from '../../components/cases/case-link';
import type { Trpc } from '../../trpc';
import { CASE_FILE_TABS } from './case-tabs';

// What /patients/$caseId and /clients/$caseId share: the ?tab= search and the loader.

export interface CaseTabSearch {
  tab?: CaseFileTab;
}

/** Lenient: an unknown tab just opens the overview instead of failing the page. */
export function validateCaseTabSearch(raw: Record<string, unknown>): CaseTabSearch {
  const tab = CASE_FILE_TABS.find((t) => t === raw.tab);
  return tab && tab !== 'overview' ? { tab } : {};
}

/**
 * Start the case before the page mounts, so a case opened from the list shows with no loading flash
 * on a warm cache. A refusal (RESTRICTED, not found) is the page's to show, not the router's.
 */
export async function loadCasePage(context: { queryClient: QueryClient; trpc: Trpc }, caseId: string): Promise<void> {
  await context.queryClient.ensureQueryData(context.trpc.cases.get.queryOptions({ id: caseId })).catch(() => undefined);
}
