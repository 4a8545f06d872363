import { z } from 'zod';

// Retention (issue 8; HPCSA: health records at least 6 years). A closed (Completed) case and its
// records are kept at least RETENTION_YEARS from the day it closed: nothing deletes them before then.
// After it, an Administrator may de-identify the case — the record stays for statistics and costs,
// the person can no longer be identified from it.

export const RETENTION_YEARS_DEFAULT = 6;

export const ZRetentionCase = z.object({
  id: z.string(),
  patientName: z.string(),
  caseType: z.string(),
  /** When the hold started: the case's FIRST completion (reopening does not move it, issue 16). */
  completedAt: z.string(),
  /** The first moment it may be de-identified: first closed + the retention period. */
  retainedUntil: z.string(),
});
export type TRetentionCase = z.infer<typeof ZRetentionCase>;

export const ZRetentionOverview = z.object({
  retentionYears: z.number().int(),
  /** Closed cases still inside their retention period (kept, nothing may be deleted). */
  heldCount: z.number().int(),
  deidentifiedCount: z.number().int(),
  /** Closed cases past retention, not de-identified yet, oldest first (at most 200). */
  eligible: z.array(ZRetentionCase),
});
export type TRetentionOverview = z.infer<typeof ZRetentionOverview>;

export const ZDeidentifyInput = z.object({ id: z.string().trim().min(1).max(64) });

export const ZDeidentifyResult = z.object({
  id: z.string(),
  patientName: z.string(),
  messages: z.number().int(),
  appointments: z.number().int(),
  documents: z.number().int(),
  testResults: z.number().int(),
  medications: z.number().int(),
  timeEntries: z.number().int(),
  bedAssignments: z.number().int(),
  /** The case file (issue 18): note bodies, task titles and timeline lines that could name the person. */
  notes: z.number().int(),
  tasks: z.number().int(),
  timelineEntries: z.number().int(),
});
export type TDeidentifyResult = z.infer<typeof ZDeidentifyResult>;

/** The moment a case closed on `completedAt` leaves its retention period. */
export function retainedUntil(completedAt: string, years: number): string {
  const d = new Date(completedAt);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString();
}
