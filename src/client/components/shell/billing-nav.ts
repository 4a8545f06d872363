import { useQuery } from '@tanstack/react-query';
import { can, type NavItem } from '../../../shared/roles';
import type { Identity } from '../../lib/identity';
import { useTRPC } from '../../trpc';

// On the medicolegal platform the fee and trust screens are for an organisation that acts for
// claimants (issue 34: a State litigation unit bills nobody). The menu is built from the role and
// platform alone, so it asks the organisation's billing setting and leaves those screens out.

const BILLING_SCREENS = new Set(['/fees', '/trust']);

export function useWithoutBillingScreens(identity: Identity, items: NavItem[]): NavItem[] {
  const trpc = useTRPC();
  const asks = identity.platform === 'medicolegal' && !identity.isSuperAdmin && can(identity, 'fees.view') && items.some((i) => BILLING_SCREENS.has(i.to));
  const settings = useQuery({ ...trpc.fees.settings.queryOptions(), enabled: asks, staleTime: 5 * 60_000 });
  if (!asks || settings.data?.bills) return items;
  return items.filter((i) => !BILLING_SCREENS.has(i.to));
}
