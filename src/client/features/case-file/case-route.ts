import type { QueryClient } from '@tanstack/react-query';
import type { CaseFileTab } from '../../components/cases/case-link';
import type { Identity } from '../../lib/identity';
import type { Trpc } from '../../trpc';
import { appointmentsQuery, caseTasksQuery, documentsQuery, hospitalRecordsQuery, medicationsQuery, messagesQuery, notesQuery, partiesQuery, resultsQuery, teamQuery } from './case-queries';
import { CASE_FILE_TABS, visibleCaseTabs } from './case-tabs';

// What /patients/$caseId and /clients/$caseId share: the ?tab= search and the loader.

export interface CaseTabSearch {
  tab?: CaseFileTab;
}

/** Lenient: an unknown tab just opens the overview instead of failing the page. */
export function validateCaseTabSearch(raw: Record<string, unknown>): CaseTabSearch {
  const tab = CASE_FILE_TABS.find((t) => t === raw.tab);
  return tab && tab !== 'overview' ? { tab } : {};
}

interface LoaderContext {
  queryClient: QueryClient;
  trpc: Trpc;
  identity: Identity;
}

/** The query a tab opens with, when it has a plain one to start early (the timeline pages itself). */
function tabQuery(context: LoaderContext, caseId: string, tab: CaseFileTab) {
  const { trpc } = context;
  switch (tab) {
    case 'team':
      return teamQuery(trpc, caseId);
    case 'parties':
      return partiesQuery(trpc, caseId);
    case 'notes':
      return notesQuery(trpc, caseId);
    case 'tasks':
      return caseTasksQuery(trpc, caseId);
    case 'documents':
      return documentsQuery(trpc, caseId);
    case 'appointments':
      return appointmentsQuery(trpc, caseId);
    case 'messages':
      return messagesQuery(trpc, caseId);
    case 'results':
      // The tab's two lists; the medications start alongside (their own cache entry).
      void context.queryClient.prefetchQuery(medicationsQuery(trpc, caseId));
      return resultsQuery(trpc, caseId);
    case 'hospital-records':
      return hospitalRecordsQuery(trpc, caseId);
    default:
      return null;
  }
}

/**
 * Start the case (and the open tab's list) before the page mounts, so a case opened from the list
 * shows with no loading flash on a warm cache. A refusal (RESTRICTED, not found) is the page's to
 * show, not the router's; a tab the role lacks is not asked for.
 */
export async function loadCasePage(context: LoaderContext, caseId: string, tab: CaseFileTab | undefined): Promise<void> {
  const { queryClient, trpc, identity } = context;
  const visible = visibleCaseTabs(identity);
  // The overview shows the team; a role without the case file has the overview alone.
  const open = tab ?? (visible.includes('team') ? 'team' : 'overview');
  const part = visible.includes(open) && open !== 'overview' ? tabQuery(context, caseId, open) : null;
  await Promise.all([
    queryClient.ensureQueryData(trpc.cases.get.queryOptions({ id: caseId })).catch(() => undefined),
    part ? queryClient.ensureQueryData(part as Parameters<QueryClient['ensureQueryData']>[0]).catch(() => undefined) : undefined,
  ]);
}
