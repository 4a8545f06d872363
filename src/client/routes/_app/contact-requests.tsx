import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { ContactRequestsScreen } from '../../features/contact-requests/contact-requests-screen';

export const Route = createFileRoute('/_app/contact-requests')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: ContactRequestsScreen,
});
