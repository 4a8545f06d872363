import { can } from '../../../shared/roles';
import type { Identity } from '../../lib/identity';

/** Time is recorded in an organisation: a role with timeEntries.record, not the Super Admin (no organisation of their own). */
export function mayRecordTime(identity: Pick<Identity, 'role' | 'isSuperAdmin'>): boolean {
  return !identity.isSuperAdmin && can(identity, 'timeEntries.record');
}
