import { z } from 'zod';
import { formatZar } from '../format';
import type { TFieldChange } from './case-timeline';
import { optionalText, requiredText } from './cases';
import { ZExpectedVersion, zOptionalCents, zOptionalDay } from './litigation-common';

// The court matter of a legal or medicolegal case (issue 20): where the action is, its number, the
// claim, the stage it has reached, and the dates the deadline rules count from.
// GET/PUT /api/patient-cases/{id}/court-matter.

export const COURT_STAGES = [
  'letter-of-demand', 'summons-issued', 'pleadings', 'discovery', 'trial-ready', 'trial', 'judgment', 'appeal', 'settled', 'withdrawn',
] as const;
export const ZCourtStage = z.enum(COURT_STAGES, { error: `Stage must be one of ${COURT_STAGES.join(', ')}` });
export type TCourtStage = z.infer<typeof ZCourtStage>;
export const COURT_STAGE_LABELS: Record<TCourtStage, string> = {
  'letter-of-demand': 'Letter of demand', 'summons-issued': 'Summons issued', pleadings: 'Pleadings', discovery: 'Discovery',
  'trial-ready': 'Trial-ready', trial: 'Trial', judgment: 'Judgment', appeal: 'Appeal', settled: 'Settled', withdrawn: 'Withdrawn',
};

export const TRIAL_SCOPES = ['merits', 'quantum', 'merits-and-quantum'] as const;
export const ZTrialScope = z.enum(TRIAL_SCOPES, { error: 'Trial scope must be merits, quantum or merits-and-quantum' });
export type TTrialScope = z.infer<typeof ZTrialScope>;
export const TRIAL_SCOPE_LABELS: Record<TTrialScope, string> = { merits: 'Merits', quantum: 'Quantum', 'merits-and-quantum': 'Merits and quantum' };

/** Courts a picker offers (free text is allowed: magistrates' courts are many). */
export const SA_COURTS = [
  'High Court', 'Regional Court', "Magistrate's Court", 'Supreme Court of Appeal', 'Constitutional Court', 'Labour Court',
] as const;
/** High Court divisions (Superior Courts Act 10 of 2013, s6), with their seats. */
export const SA_HIGH_COURT_DIVISIONS = [
  'Gauteng Division, Pretoria', 'Gauteng Local Division, Johannesburg', 'Western Cape Division, Cape Town',
  'KwaZulu-Natal Division, Pietermaritzburg', 'KwaZulu-Natal Local Division, Durban', 'Eastern Cape Division, Makhanda',
  'Eastern Cape Local Division, Gqeberha', 'Eastern Cape Local Division, East London', 'Eastern Cape Local Division, Mthatha',
  'Eastern Cape Local Division, Bhisho', 'Free State Division, Bloemfontein', 'Northern Cape Division, Kimberley',
  'North West Division, Mahikeng', 'Limpopo Division, Polokwane', 'Limpopo Local Division, Thohoyandou', 'Mpumalanga Division, Mbombela',
  'Mpumalanga Local Division, Middelburg',
] as const;

const COURT_MATTER_FIELDS = {
  court: requiredText('Court is required', 120),
  division: requiredText('Division is required', 160),
  caseNumber: requiredText('Case number is required', 60),
  caselinesReference: optionalText(60),
  claimAmountCents: zOptionalCents('Claim amount'),
  stage: ZCourtStage,
  trialScope: ZTrialScope.nullish().transform((v) => v ?? null),
  summonsServedOn: zOptionalDay('Date of service'),
  debtDueOn: zOptionalDay('Date the debt became due'),
  knowledgeOn: zOptionalDay('Date of knowledge'),
};

/** PUT: the whole court matter; `expectedVersion` once it exists (omitted to create it). */
export const ZPutCourtMatterInput = z.object({
  id: z.string().trim().min(1).max(64),
  ...COURT_MATTER_FIELDS,
  expectedVersion: ZExpectedVersion.optional(),
});
export type TPutCourtMatterInput = z.infer<typeof ZPutCourtMatterInput>;

export const ZCourtMatter = z.object({
  caseId: z.string(),
  court: z.string(),
  division: z.string(),
  caseNumber: z.string(),
  caselinesReference: z.string().nullable(),
  claimAmountCents: z.number().nullable(),
  stage: ZCourtStage,
  trialScope: ZTrialScope.nullable(),
  summonsServedOn: z.string().nullable(),
  debtDueOn: z.string().nullable(),
  knowledgeOn: z.string().nullable(),
  /** The parties cited: the case's parties in a litigant role ('plaintiff', 'defendant'; the case's own person as plaintiff), by name. */
  partiesCited: z.array(z.object({ personId: z.string(), name: z.string(), role: z.string() })),
  version: z.number(),
  updatedAt: z.string(),
  updatedByName: z.string().nullable(),
});
export type TCourtMatter = z.infer<typeof ZCourtMatter>;

/** GET answers `{courtMatter: null}` for a case without one yet. */
export const ZCourtMatterAnswer = z.object({ courtMatter: ZCourtMatter.nullable() });

/** The party roles cited on the court matter (the litigants); the case's own person counts as plaintiff. */
export const CITED_PARTY_ROLES = ['plaintiff', 'defendant'] as const;

/** The fields of a court matter a person edits, in the order a form and the timeline show them. */
export const COURT_MATTER_FIELD_LABELS = {
  court: 'Court',
  division: 'Division',
  caseNumber: 'Case number',
  caselinesReference: 'CaseLines reference',
  claimAmountCents: 'Claim amount',
  stage: 'Stage',
  trialScope: 'Trial scope',
  summonsServedOn: 'Summons served',
  debtDueOn: 'Debt became due',
  knowledgeOn: 'Date of knowledge',
} as const;
export type TCourtMatterField = keyof typeof COURT_MATTER_FIELD_LABELS;
export type TCourtMatterValues = Pick<TCourtMatter, TCourtMatterField>;

function shownValue(field: TCourtMatterField, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (field === 'claimAmountCents') return formatZar(Number(value));
  if (field === 'stage') return COURT_STAGE_LABELS[value as TCourtStage] ?? String(value);
  if (field === 'trialScope') return TRIAL_SCOPE_LABELS[value as TTrialScope] ?? String(value);
  return String(value);
}

/**
 * The timeline's "old → new" lines of a court-matter write (server and demo alike): every field
 * that differs; from a missing court matter (`before` null) every field that has a value. Days
 * stay YYYY-MM-DD, money reads as rands, the stage by its label.
 */
export function courtMatterChanges(before: TCourtMatterValues | null, after: TCourtMatterValues): TFieldChange[] {
  const changes: TFieldChange[] = [];
  for (const field of Object.keys(COURT_MATTER_FIELD_LABELS) as TCourtMatterField[]) {
    const from = before ? shownValue(field, before[field]) : null;
    const to = shownValue(field, after[field]);
    if (from !== to) changes.push({ field, label: COURT_MATTER_FIELD_LABELS[field], from, to });
  }
  return changes;
}

/** The timeline's one line for a court-matter write. */
export function courtMatterSummary(before: TCourtMatterValues | null, after: TCourtMatterValues, changes: readonly TFieldChange[]): string {
  if (!before) return `Court matter recorded: ${after.caseNumber}, ${after.division} (${COURT_STAGE_LABELS[after.stage]})`;
  const stage = changes.find((c) => c.field === 'stage');
  const rest = changes.filter((c) => c.field !== 'stage').map((c) => c.label.toLowerCase());
  const parts = [...(stage ? [`stage ${stage.from ?? '—'} → ${stage.to ?? '—'}`] : []), ...rest];
  return `Court matter changed: ${parts.join(', ')}`;
}
