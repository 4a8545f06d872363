import { z } from 'zod';
import { ORGANIZATION_ROLES } from '../roles';

// SPEC §3.1 and §7.3 GET /api/users: the members of the caller's organisation, for the nurse
// picker of the bed dialog and the staff picker of the hourly-rate dialog.

export const ZListUsersInput = z
  .object({
    // An empty filter (role=) means no filter.
    role: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(ORGANIZATION_ROLES, 'Role must be one of the organisation roles').optional(),
    ),
  })
  .optional();
export type TListUsersInput = z.infer<typeof ZListUsersInput>;

export const ZOrganizationMember = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string(),
  department: z.string().nullable(),
  /** The membership's status in this organisation ('active' when the member may sign in to it). */
  status: z.string(),
  /** Whether the user account itself is active. */
  isActive: z.boolean(),
});
export type TOrganizationMember = z.infer<typeof ZOrganizationMember>;
