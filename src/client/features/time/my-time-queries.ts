import { MY_TIME_ENTRIES_MAX } from '../../../shared/time-entry-limits';
import type { Trpc } from '../../trpc';

// The queries of "My time", shared by the route loader (ensureQueryData) and the screen so both
// use the same cache keys. The loader loads with the first page: no zod here (decision 0048).

/** The most entries the server returns: enough for a week of anyone's work and the weeks before. */
export const MY_ENTRIES_INPUT = { limit: MY_TIME_ENTRIES_MAX };
/** The cases offered by the timer: those the person may see (the server scopes cases.list). */
export const CASE_PICKER_INPUT = { pageSize: 200 };

export function myEntriesQuery(trpc: Trpc) {
  return trpc.costs.listMyTimeEntries.queryOptions(MY_ENTRIES_INPUT);
}
