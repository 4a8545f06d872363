import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { CrmPage } from '../../features/app/crm-page';

export const Route = createFileRoute('/_app/crm')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: CrmPage,
});
