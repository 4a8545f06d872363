import { PLATFORM_CONFIG } from '../../../shared/platform';
import { can } from '../../../shared/roles';
import type { Identity } from '../../lib/identity';

/** Legal documents are for platforms that have them and people holding legalDocuments.view. */
export function mayViewDocuments(identity: Identity): boolean {
  return PLATFORM_CONFIG[identity.platform].features.legalDocuments && can(identity, 'legalDocuments.view');
}
