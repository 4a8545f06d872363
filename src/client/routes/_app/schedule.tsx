import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { SchedulePage } from '../../features/schedule/schedule-page';

export const Route = createFileRoute('/_app/schedule')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: SchedulePage,
});
