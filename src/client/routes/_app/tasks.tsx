import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { TasksPage } from '../../features/tasks/tasks-page';

export const Route = createFileRoute('/_app/tasks')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: TasksRoute,
});

function TasksRoute() {
  return <TasksPage identity={Route.useRouteContext().identity} />;
}
