import { createFileRoute } from '@tanstack/react-router';
import { RetentionScreen } from '../../features/retention/retention-screen';
import { requireStaff } from '../../lib/identity';

// /retention (issue 8): closed cases past their retention period, for an Administrator to de-identify.
export const Route = createFileRoute('/_app/retention')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: RetentionScreen,
});
