import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { EducationScreen } from '../../features/education/education-screen';
import { educationLibraryQuery } from '../../features/education/education-queries';

export const Route = createFileRoute('/_app/education')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  // Started before the screen mounts; a failure shows in the screen's own error state.
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(educationLibraryQuery(context.trpc)).catch(() => undefined);
  },
  component: EducationScreen,
});
