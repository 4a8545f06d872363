import { createFileRoute } from '@tanstack/react-router';
import { requireStaff } from '../../lib/identity';
import { BillingScreen } from '../../features/billing/billing-screen';
import { validateBillingSearch } from '../../features/billing/billing-month';

export const Route = createFileRoute('/_app/billing')({
  validateSearch: (raw: Record<string, unknown>) => validateBillingSearch(raw),
  beforeLoad: ({ context }) => requireStaff(context.identity),
  component: BillingScreen,
});
