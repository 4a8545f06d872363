import { isTRPCClientError } from '@trpc/client';
import { ORGANIZATION_ROLES, type TOrganizationRole } from '../../../shared/roles';
import type { TPlatform } from '../../../shared/platform';

// Small helpers of the /users screens: role choices and reading a server refusal.

// The catalogue lists roles platform by platform (src/shared/roles.ts); the organisation's own come first.
const OWN_ROLES: Record<TPlatform, readonly TOrganizationRole[]> = {
  healthcare: ORGANIZATION_ROLES.slice(0, ORGANIZATION_ROLES.indexOf('Director')),
  legal: ORGANIZATION_ROLES.slice(ORGANIZATION_ROLES.indexOf('Director'), ORGANIZATION_ROLES.indexOf('Special Litigation Unit')),
  medicolegal: ORGANIZATION_ROLES.slice(ORGANIZATION_ROLES.indexOf('Special Litigation Unit')),
};

export function roleChoices(platform: TPlatform): TOrganizationRole[] {
  const own = OWN_ROLES[platform];
  return [...own, ...ORGANIZATION_ROLES.filter((role) => !own.includes(role))];
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
