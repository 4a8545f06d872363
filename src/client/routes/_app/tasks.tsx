import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { TasksPage } from '../../features/tasks/tasks-page';

export const Route = createFileRoute('/_app/tasks')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  // A Super Admin has no organisation, so no tasks. Started before the screen mounts; a failure shows in the screen's own error state.
  loader: async ({ context }) => {
    if (context.identity.isSuperAdmin) return;
    await context.queryClient.ensureQueryData(context.trpc.dashboard.tasks.queryOptions()).catch(() => undefined);
  },
  component: TasksRoute,
});

function TasksRoute() {
  return <TasksPage identity={Route.useRouteContext().identity} />;
}
