import { z } from 'zod';

// GET /api/staff (issue 21): whom a member can put on an appointment or send a message to — the
// names and roles of the organisation's active staff. No e-mail addresses or statuses (the staff
// list, users.list, needs users.view); no Patients (they are reached through their case).

export const ZStaffMember = z.object({ userId: z.string(), name: z.string(), role: z.string() });
export type TStaffMember = z.infer<typeof ZStaffMember>;
export const ZStaffDirectory = z.object({ items: z.array(ZStaffMember) });
export type TStaffDirectory = z.infer<typeof ZStaffDirectory>;
export const STAFF_DIRECTORY_MAX = 2000;
