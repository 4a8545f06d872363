import { can } from '../../../shared/roles';
import type { Identity } from '../../lib/identity';

/** billing.view (Administrator, Finance Staff); a Super Admin holds it but has no organisation to bill. */
export function mayUseBilling(identity: Identity): boolean {
  return can(identity, 'billing.view') && !identity.isSuperAdmin;
}
