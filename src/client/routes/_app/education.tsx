import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { EducationPage } from '../../features/app/education-page';

export const Route = createFileRoute('/_app/education')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: EducationPage,
});
