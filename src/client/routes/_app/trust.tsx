import { createFileRoute } from '@tanstack/react-router';
import { TrustReconciliationScreen } from '../../features/trust/trust-reconciliation-screen';
import { requireStaff } from '../../lib/identity';

// /trust (issue 34): the firm's monthly trust reconciliation, for Finance Staff and the Director.
export const Route = createFileRoute('/_app/trust')({
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: TrustReconciliationScreen,
});
