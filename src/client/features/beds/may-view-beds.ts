import { PLATFORM_CONFIG } from '../../../shared/platform';
import { can } from '../../../shared/roles';
import type { Identity } from '../../lib/identity';

/** The bed board is for platforms with beds and people holding beds.view (the screen and its loader ask this). */
export function mayViewBeds(identity: Identity): boolean {
  return PLATFORM_CONFIG[identity.platform].features.bedManagement && can(identity, 'beds.view');
}
