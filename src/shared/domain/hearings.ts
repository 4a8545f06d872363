import { z } from 'zod';
import { isoDateTime, optionalText, requiredText } from './cases';
import { ZExpectedVersion } from './litigation-common';

// Hearings of a court matter (issue 20): they show on the case, on the schedule beside appointments
// (GET /api/appointments) and on the legal dashboards' court schedule (§2.9).
// GET/POST /api/patient-cases/{id}/hearings, PATCH /api/hearings/{id}.

export const HEARING_TYPES = ['trial', 'judicial-case-management', 'pre-trial', 'motion', 'mediation'] as const;
export const ZHearingType = z.enum(HEARING_TYPES, { error: `Type must be one of ${HEARING_TYPES.join(', ')}` });
export type THearingType = z.infer<typeof ZHearingType>;
export const HEARING_TYPE_LABELS: Record<THearingType, string> = {
  trial: 'Trial', 'judicial-case-management': 'Judicial case management', 'pre-trial': 'Pre-trial conference', motion: 'Motion', mediation: 'Mediation',
};

const instant = (label: string) => requiredText(`${label} is required`, 40).pipe(isoDateTime(`${label} must be a date and time`));

export const ZCreateHearingInput = z
  .object({
    id: z.string().trim().min(1).max(64),
    type: ZHearingType,
    startsAt: instant('Start'),
    endsAt: instant('End').nullish().transform((v) => v ?? null),
    venue: optionalText(200),
    judge: optionalText(200),
    notes: optionalText(5000),
  })
  .refine((v) => !v.endsAt || v.endsAt > v.startsAt, { path: ['endsAt'], message: 'End must be after the start' });
export type TCreateHearingInput = z.infer<typeof ZCreateHearingInput>;

/** PATCH: any subset (the outcome after the day; a postponement moves startsAt), with the version seen. */
export const ZUpdateHearingInput = z.object({
  id: z.string().trim().min(1).max(64),
  type: ZHearingType.optional(),
  startsAt: instant('Start').optional(),
  endsAt: instant('End').nullish(),
  venue: optionalText(200).optional(),
  judge: optionalText(200).optional(),
  outcome: optionalText(5000).optional(),
  notes: optionalText(5000).optional(),
  expectedVersion: ZExpectedVersion,
});
export type TUpdateHearingInput = z.infer<typeof ZUpdateHearingInput>;

export const ZHearing = z.object({
  id: z.string(),
  caseId: z.string(),
  caseName: z.string(),
  caseReference: z.string().nullable(),
  type: ZHearingType,
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  venue: z.string().nullable(),
  judge: z.string().nullable(),
  outcome: z.string().nullable(),
  notes: z.string().nullable(),
  version: z.number(),
});
export type THearing = z.infer<typeof ZHearing>;
export const ZHearingList = z.object({ items: z.array(ZHearing) });
