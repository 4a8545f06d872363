import { isTRPCClientError } from '@trpc/client';
import { type TOrganizationRole, isOrganizationRole, rolesOfPlatform } from '../../../shared/roles';
import type { TPlatform } from '../../../shared/platform';

// Small helpers of the /users screens: role choices and reading a server refusal.

/** The roles the organisation's platform gives (decision 0027); a member's current role stays listed. */
export function roleChoices(platform: TPlatform, current?: string): TOrganizationRole[] {
  const own = [...rolesOfPlatform(platform)];
  return current && isOrganizationRole(current) && !own.includes(current) ? [...own, current] : own;
}

/** The server's message and per-field messages of a failed call (errorFormatter puts fields in data.fields). */
export function failureOf(error: unknown): { message: string; fields: Record<string, string> } {
  if (isTRPCClientError(error)) {
    const data = error.data as { fields?: Record<string, string> } | undefined;
    return { message: error.message || 'Something went wrong. Please try again.', fields: data?.fields ?? {} };
  }
  return { message: 'Could not reach the server. Please try again.', fields: {} };
}

const STATUS_LABEL: Record<string, string> = { active: 'Active', inactive: 'Inactive', suspended: 'Suspended' };
export const statusLabel = (status: string): string => STATUS_LABEL[status] ?? status;

const STATE_LABEL: Record<string, string> = { pending: 'Pending', expired: 'Expired', accepted: 'Accepted', revoked: 'Revoked' };
export const invitationStateLabel = (state: string): string => STATE_LABEL[state] ?? state;
