import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { SchedulePage } from '../../features/schedule/schedule-page';
import { validateScheduleSearch } from '../../features/schedule/calendar/schedule-search';

export const Route = createFileRoute('/_app/schedule')({
  validateSearch: (raw: Record<string, unknown>) => validateScheduleSearch(raw),
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: SchedulePage,
});
