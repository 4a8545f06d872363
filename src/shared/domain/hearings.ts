import { z } from 'zod';
import { formatSaDateTime } from '../format';
import type { TScheduleItem } from './appointments';
import type { TFieldChange } from './case-timeline';
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

/** "Trial — Sipho Ndlovu": how a hearing reads on the schedule and the court schedule panel. */
export function hearingTitle(type: THearingType, caseName: string): string {
  return `${HEARING_TYPE_LABELS[type]} — ${caseName}`;
}

/** How long a hearing without an end time holds the diary: a trial the court day, the rest an hour. */
const DEFAULT_MINUTES: Record<THearingType, number> = { trial: 360, 'judicial-case-management': 60, 'pre-trial': 60, motion: 120, mediation: 180 };

export function hearingEnd(hearing: Pick<THearing, 'type' | 'startsAt' | 'endsAt'>): string {
  return hearing.endsAt ?? new Date(Date.parse(hearing.startsAt) + DEFAULT_MINUTES[hearing.type] * 60_000).toISOString();
}

/**
 * A hearing on the schedule (GET /api/appointments, appointments.upcoming), shaped as an
 * appointment of type 'Hearing': its id is the hearing's; it is Completed once its day has come and
 * an outcome is recorded, otherwise Scheduled (a postponement moves startsAt and stays Scheduled).
 */
export function hearingAsAppointment(
  hearing: THearing & { createdAt: string; updatedAt: string; caseNumber?: string | null },
  now: string,
): TScheduleItem {
  const details = [hearing.caseNumber ? `Case no. ${hearing.caseNumber}` : null, hearing.judge ? `Before ${hearing.judge}` : null].filter(Boolean);
  return {
    id: hearing.id,
    title: hearingTitle(hearing.type, hearing.caseName),
    description: details.length > 0 ? details.join(' · ') : null,
    startTime: hearing.startsAt,
    endTime: hearingEnd(hearing),
    appointmentType: 'Hearing',
    location: hearing.venue,
    status: hearing.outcome && hearing.startsAt <= now ? 'Completed' : 'Scheduled',
    version: hearing.version,
    attendees: [],
    caseId: hearing.caseId,
    createdAt: hearing.createdAt,
    updatedAt: hearing.updatedAt,
  };
}

export const HEARING_FIELD_LABELS = {
  type: 'Type', startsAt: 'Starts', endsAt: 'Ends', venue: 'Court / room', judge: 'Judge', outcome: 'Outcome', notes: 'Notes',
} as const;
export type THearingField = keyof typeof HEARING_FIELD_LABELS;

/** The fields a PATCH changes, old → new (instants stay ISO: the timeline formats them in SA time). */
export function hearingChanges(before: Pick<THearing, THearingField>, after: Pick<THearing, THearingField>): TFieldChange[] {
  const shown = (field: THearingField, value: string | null) => (value === null || value === '' ? null : field === 'type' ? HEARING_TYPE_LABELS[value as THearingType] : value);
  return (Object.keys(HEARING_FIELD_LABELS) as THearingField[])
    .filter((field) => shown(field, before[field]) !== shown(field, after[field]))
    .map((field) => ({ field, label: HEARING_FIELD_LABELS[field], from: shown(field, before[field]), to: shown(field, after[field]) }));
}

/** The timeline's line for a PATCH: a postponement names the new date; an outcome is quoted. */
export function hearingUpdateSummary(before: Pick<THearing, 'type' | 'startsAt'>, after: Pick<THearing, 'type' | 'startsAt' | 'outcome'>, changes: readonly TFieldChange[]): string {
  const label = HEARING_TYPE_LABELS[after.type];
  const fields = new Set(changes.map((c) => c.field));
  if (fields.has('startsAt')) return `${label} moved from ${formatSaDateTime(before.startsAt)} to ${formatSaDateTime(after.startsAt)}`;
  if (fields.has('outcome') && after.outcome) return `${label} outcome: ${after.outcome}`;
  return `${label} of ${formatSaDateTime(after.startsAt)} changed: ${changes.map((c) => c.label.toLowerCase()).join(', ')}`;
}

/** The timeline's line when a hearing is set down. */
export function hearingScheduledSummary(hearing: Pick<THearing, 'type' | 'startsAt' | 'venue'>): string {
  return `${HEARING_TYPE_LABELS[hearing.type]} set down for ${formatSaDateTime(hearing.startsAt)}${hearing.venue ? ` (${hearing.venue})` : ''}`;
}
