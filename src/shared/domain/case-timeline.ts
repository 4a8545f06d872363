import { z } from 'zod';

// The timeline of a case (issue 18): one feed, newest first, of what happened to it. Services write
// an event in the same transaction as the change (ARCHITECTURE "the timeline is written, not
// reconstructed"); the audit trail stays the security record.

export const CASE_EVENT_KINDS = [
  'case.created',
  'case.updated', // fields changed, old → new in details.changes
  'case.restricted',
  'team.added',
  'team.removed',
  'note.added',
  'note.amended',
  'task.created',
  'task.updated',
  'task.completed',
  'task.reopened',
  'appointment.booked',
  'appointment.changed',
  'document.uploaded',
  'document.deleted',
  'time.recorded',
  'message.sent',
  'bed.assigned',
  'bed.released',
  'access.break_glass',
  'party.added', // issue 19: parties, the conflict check and person merges
  'party.removed',
  'conflict.checked',
  'person.merged',
  'court-matter.updated', // issue 20: litigation — the court matter, hearings, experts, settlements, the checklist, deadlines
  'hearing.scheduled',
  'hearing.updated',
  'expert.added',
  'expert.updated',
  'settlement.logged',
  'settlement.updated',
  'checklist.ticked',
  'deadline.set',
  'deadline.moved',
  'deadline.marked', // issue 32: a deadline marked met / not applicable, or decided by the service of summons
  'encounter.recorded', // issue 22: the clinical record — encounters, results, medications, admissions, hospital records
  'encounter.amended',
  'result.recorded',
  'medication.started',
  'medication.stopped',
  'medication.administered', // issue 31: the clinical episode — doses, observations, results released
  'observation.recorded',
  'result.released',
  'admission.admitted',
  'admission.transferred',
  'admission.discharged',
  'hospital-record.added',
  'charge.recorded', // issue 33: getting paid — charges on the case
  'charge.voided',
  'account.created',
  'account-line.reversed',
  'disbursement.recorded', // issue 34: getting paid on the legal platforms — disbursements and fee notes
  'fee-note.made',
  'fee-note.issued',
  'fee-note.credited',
  'trust.entry', // issue 34: money into, out of and within the client's trust balance
  'trust.investment',
  'contingency-agreement.signed', // issue 34: a contingency-fee agreement recorded (version 1) or amended (a new version)
  'contingency-agreement.amended',
] as const;
export const ZCaseEventKind = z.enum(CASE_EVENT_KINDS);
export type TCaseEventKind = z.infer<typeof ZCaseEventKind>;

export const TIMELINE_PAGE_SIZE = 50;

export const ZFieldChange = z.object({ field: z.string(), label: z.string(), from: z.string().nullable(), to: z.string().nullable() });
export type TFieldChange = z.infer<typeof ZFieldChange>;

export const ZTimelineItem = z.object({
  id: z.string(),
  at: z.string(),
  actorName: z.string().nullable(),
  kind: ZCaseEventKind,
  summary: z.string(),
  /** For case.updated: each field old → new. */
  changes: z.array(ZFieldChange),
});
export type TTimelineItem = z.infer<typeof ZTimelineItem>;

export const ZTimelinePage = z.object({ items: z.array(ZTimelineItem), nextCursor: z.string().nullable() });
export type TTimelinePage = z.infer<typeof ZTimelinePage>;

export const ZTimelineInput = z.object({
  id: z.string().min(1).max(64),
  /** Opaque; from the previous page's nextCursor. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(TIMELINE_PAGE_SIZE),
});
export type TTimelineInput = z.infer<typeof ZTimelineInput>;
