import { z } from 'zod';

// SPEC §3.7 / §9: how many Super Admins are online, for the Super Admin's support bell.

/** A user counts as online when seen within this many minutes. */
export const PRESENCE_WINDOW_MINUTES = 5;

export const ZSuperUsersOnline = z.object({ count: z.number().int().min(0) });
export type TSuperUsersOnline = z.infer<typeof ZSuperUsersOnline>;

export const ZHeartbeatResult = z.object({ success: z.literal(true), lastSeenAt: z.string() });
export type THeartbeatResult = z.infer<typeof ZHeartbeatResult>;
