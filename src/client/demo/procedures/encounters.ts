import { z } from 'zod';
import { ZCaseIdInput } from '../../../shared/domain/cases';
import {
  ENCOUNTER_TYPE_LABELS,
  type TCreateEncounterInput,
  type TEncounter,
  type TEncounterType,
  type TVitals,
  ZAmendEncounterInput,
  ZCreateEncounterInput,
} from '../../../shared/domain/encounters';
import { ICD10_SEARCH_LIMIT, ZIcd10SearchInput } from '../../../shared/domain/icd10';
import { searchIcd10Index, starterIcd10Index } from '../../../shared/icd10-search';
import type { TCase } from '../../../shared/domain/cases';
import { type DemoContext, myName, nameOf } from '../context';
import { DemoError, badRequest, conflict, notFound } from '../demo-error';
import { type DemoProcedures, procedure } from '../procedure';
import { appendEvent, openCase } from './case-file-state';

// Encounters and the ICD-10 code list in demo mode (issue 22): the demo organisation uses the
// starter list (src/shared/icd10-starter.ts), searched with the server's own index code. Encounters
// are append-only as on the server: an amendment is a new one, the amended one stays, marked.

type EncounterRow = TEncounter & { caseId: string };
const HOUR_MS = 3_600_000;

const EMPTY_VITALS: TVitals = { pulse: null, systolic: null, diastolic: null, temperatureC: null, respiratoryRate: null, spo2: null, weightKg: null };

interface Sample {
  type: TEncounterType;
  hoursAgo: number;
  soap: [string, string, string, string];
  vitals: Partial<TVitals>;
  codes: Array<[string, boolean]>;
}

// The first cases of the healthcare fixtures (hc-case-01 …) get a sample history, as the seed gives Thornhill's.
const SAMPLES: Sample[][] = [
  [
    { type: 'emergency', hoursAgo: 50, soap: ['Crushing chest pain for 2 hours, radiating to the left arm.', 'Diaphoretic; ECG ST elevation V1–V4.', 'Acute anterior myocardial infarction.', 'Aspirin, clopidogrel, heparin; cath lab.'], vitals: { pulse: 112, systolic: 158, diastolic: 96, respiratoryRate: 22, spo2: 94, temperatureC: 36.9 }, codes: [['I21.9', true], ['I10', false]] },
    { type: 'ward-round', hoursAgo: 20, soap: ['No further chest pain overnight.', 'Comfortable; chest clear.', 'Post-PCI day 1, stable.', 'Mobilise; cardiac rehab referral.'], vitals: { pulse: 78, systolic: 128, diastolic: 78, spo2: 97, temperatureC: 36.7 }, codes: [['I21.9', true]] },
  ],
  [{ type: 'consultation', hoursAgo: 30, soap: ['Cough and fever for 4 days.', 'Crackles right base.', 'Community-acquired pneumonia.', 'Amoxicillin-clavulanate; review in 48 h.'], vitals: { pulse: 96, systolic: 124, diastolic: 80, temperatureC: 38.6, respiratoryRate: 24, spo2: 93, weightKg: 71 }, codes: [['J18.9', true]] }],
  [{ type: 'consultation', hoursAgo: 72, soap: ['Routine antenatal visit, 34 weeks.', 'Fundal height appropriate; BP raised.', 'Gestational hypertension.', 'Labetalol; weekly review.'], vitals: { pulse: 84, systolic: 146, diastolic: 94, weightKg: 78.4 }, codes: [['O13', true], ['Z34.9', false]] }],
  [{ type: 'theatre', hoursAgo: 8, soap: ['Right iliac fossa pain since yesterday.', 'Guarding and rebound; WCC 15.', 'Acute appendicitis.', 'Laparoscopic appendicectomy performed.'], vitals: { pulse: 90, systolic: 118, diastolic: 72, temperatureC: 37.9 }, codes: [['K35.8', true]] }],
];

function fixtureEncounters(ctx: DemoContext, kase: TCase): EncounterRow[] {
  if (ctx.platform !== 'healthcare') return [];
  const n = Number(/^hc-case-(\d+)$/.exec(kase.id)?.[1] ?? 0);
  const samples = SAMPLES[n - 1] ?? [];
  const clinicianId = kase.assignedDoctorId ?? null;
  const index = starterIcd10Index();
  return samples.map((s, i) => {
    const at = new Date(ctx.anchor.getTime() - s.hoursAgo * HOUR_MS).toISOString();
    return {
      id: `${kase.id}-encounter-${i + 1}`,
      caseId: kase.id,
      type: s.type,
      occurredAt: at,
      clinicianId,
      clinicianName: nameOf(ctx, clinicianId) ?? 'Former member',
      subjective: s.soap[0],
      objective: s.soap[1],
      assessment: s.soap[2],
      plan: s.soap[3],
      vitals: { ...EMPTY_VITALS, ...s.vitals },
      diagnoses: s.codes.map(([code, primary]) => ({ code, description: index.byCode.get(code)?.description ?? code, primary })),
      amendsId: null,
      amendedById: null,
      createdAt: at,
    };
  });
}

function requireHealthcare(ctx: DemoContext): void {
  if (ctx.platform !== 'healthcare') throw new DemoError('FORBIDDEN', 'Encounters are part of the healthcare platform.');
}

function encountersOf(ctx: DemoContext, caseId: string): EncounterRow[] {
  const kase = openCase(ctx, caseId);
  return ctx.overlay
    .merge<EncounterRow>('encounters', fixtureEncounters(ctx, kase))
    .filter((e) => e.caseId === kase.id)
    .sort((a, b) => b.occurredAt.localeCompare(a.occurredAt) || b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

const shown = ({ caseId: _caseId, ...encounter }: EncounterRow): TEncounter => encounter;

/** As the server: every code on the list (400 on diagnoses.N.code), a primary one valid as primary. */
function coded(content: Omit<TCreateEncounterInput, 'id'>) {
  const index = starterIcd10Index();
  const fields: Record<string, string> = {};
  const diagnoses = content.diagnoses.map((d, i) => {
    const entry = index.byCode.get(d.code);
    if (!entry) fields[`diagnoses.${i}.code`] = `${d.code} is not on the organisation's ICD-10 code list`;
    else if (d.primary && !entry.validPrimary) fields[`diagnoses.${i}.primary`] = `${d.code} cannot be the primary diagnosis (ICD-10 MIT)`;
    return { code: d.code, description: entry?.description ?? '', primary: d.primary };
  });
  if (Object.keys(fields).length > 0) throw badRequest(Object.values(fields)[0]!, fields);
  return diagnoses;
}

function record(ctx: DemoContext, caseId: string, content: Omit<TCreateEncounterInput, 'id'>, amendsId: string | null): EncounterRow {
  const v = content.vitals ?? {};
  const vital = (x: unknown) => (typeof x === 'number' ? x : null);
  const row: EncounterRow = {
    id: ctx.newId(),
    caseId,
    type: content.type,
    occurredAt: content.occurredAt,
    clinicianId: ctx.me.id,
    clinicianName: myName(ctx),
    subjective: content.subjective,
    objective: content.objective,
    assessment: content.assessment,
    plan: content.plan,
    vitals: {
      pulse: vital(v.pulse), systolic: vital(v.systolic), diastolic: vital(v.diastolic), temperatureC: vital(v.temperatureC),
      respiratoryRate: vital(v.respiratoryRate), spo2: vital(v.spo2), weightKg: vital(v.weightKg),
    },
    diagnoses: coded(content),
    amendsId,
    amendedById: null,
    createdAt: ctx.nowIso(),
  };
  ctx.overlay.put('encounters', row);
  const primary = row.diagnoses.find((d) => d.primary) ?? row.diagnoses[0];
  appendEvent(ctx, caseId, amendsId ? 'encounter.amended' : 'encounter.recorded', `${ENCOUNTER_TYPE_LABELS[row.type]} ${amendsId ? 'amended' : 'recorded'}${primary ? ` (${primary.code})` : ''}`);
  return row;
}

export const encountersProcedures = {
  'encounters.list': procedure({
    input: ZCaseIdInput,
    capability: 'records.view',
    feature: 'medicalRecords',
    run: (ctx, input) => ({ items: encountersOf(ctx, input.id).map(shown) }),
  }),

  'encounters.create': procedure({
    input: ZCreateEncounterInput,
    capability: 'records.write',
    feature: 'medicalRecords',
    run(ctx, input) {
      requireHealthcare(ctx);
      const kase = openCase(ctx, input.id);
      const { id: _id, ...content } = input;
      return shown(record(ctx, kase.id, content, null));
    },
  }),

  'encounters.amend': procedure({
    input: ZAmendEncounterInput,
    capability: 'records.write',
    feature: 'medicalRecords',
    run(ctx, input) {
      requireHealthcare(ctx);
      const kase = openCase(ctx, input.id);
      const original = encountersOf(ctx, kase.id).find((e) => e.id === input.encounterId);
      if (!original) throw notFound('Encounter');
      if (original.amendedById) throw conflict('This encounter was already amended; amend the newest version');
      const { id: _id, encounterId: _encounterId, ...content } = input;
      const amendment = record(ctx, kase.id, content, original.id);
      ctx.overlay.put<EncounterRow>('encounters', { ...original, amendedById: amendment.id });
      return shown(amendment);
    },
  }),

  'icd10.search': procedure({
    input: ZIcd10SearchInput,
    capability: 'records.view',
    feature: 'medicalRecords',
    run: (_ctx, input) => ({ items: searchIcd10Index(starterIcd10Index(), input.search, ICD10_SEARCH_LIMIT) }),
  }),

  'icd10.status': procedure({
    input: z.void(),
    capability: 'icd10.manage',
    feature: 'medicalRecords',
    run: () => ({ source: 'starter' as const, codeCount: starterIcd10Index().entries.length, fileName: null, importedAt: null, importedByName: null }),
  }),
} satisfies Partial<DemoProcedures>;
