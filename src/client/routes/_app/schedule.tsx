import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { awaitOnEnter } from '../../lib/route-data';
import { SchedulePage } from '../../features/schedule/schedule-page';
import { validateScheduleSearch } from '../../features/schedule/calendar/schedule-search';

export const Route = createFileRoute('/_app/schedule')({
  validateSearch: (raw: Record<string, unknown>) => validateScheduleSearch(raw),
  beforeLoad: ({ context }) => requireStaff(context.identity),
  loaderDeps: ({ search }) => search,
  // The list, the next five and the calendar's range as the screen asks for them, before the screen
  // mounts (lib/route-data.ts: moving the calendar keeps the last range dimmed meanwhile).
  loader: async ({ context: { queryClient, trpc }, deps, cause }) => {
    // The calendar's range needs the South African calendar helpers: fetched with the route, not
    // with every first page (this loader is in the main chunk).
    const calendar = import('../../features/schedule/calendar/calendar-query').then(({ calendarQuery, isNarrowScreen }) =>
      queryClient.ensureQueryData(calendarQuery(trpc, deps, isNarrowScreen())),
    );
    await awaitOnEnter(cause, [
      queryClient.ensureQueryData(trpc.appointments.list.queryOptions()),
      queryClient.ensureQueryData(trpc.appointments.upcoming.queryOptions()),
      calendar,
    ]);
  },
  component: SchedulePage,
});
