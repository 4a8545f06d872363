import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { MyTimeScreen } from '../../features/time/my-time-screen';
import { myEntriesQuery } from '../../features/time/my-time-queries';
import { mayRecordTime } from '../../features/time/may-record-time';

export const Route = createFileRoute('/_app/my-time')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  // Start the entries before the screen mounts; a failure shows in the screen's own error state.
  loader: async ({ context }) => {
    if (!mayRecordTime(context.identity)) return;
    await context.queryClient.ensureQueryData(myEntriesQuery(context.trpc)).catch(() => undefined);
  },
  component: MyTimeScreen,
});
