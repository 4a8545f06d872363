import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { EducationScreen } from '../../features/education/education-screen';

export const Route = createFileRoute('/_app/education')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: EducationScreen,
});
