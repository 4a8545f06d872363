import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { CrmScreen } from '../../features/crm/crm-screen';

export const Route = createFileRoute('/_app/crm')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: CrmScreen,
});
