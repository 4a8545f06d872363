import type { TCaseNoteKind } from '../domain/case-notes';
import type { TCasePriority } from '../domain/cases';
import type { TCaseTeamRole } from '../domain/case-team';
import type { TPlatform } from '../platform';

// What the case file (issue 18) holds for the sample cases, written once for the seed and the demo:
// notes, tasks (some overdue), team members beyond the three slots, and which case is restricted.
// A sample is matched to its case by the case's name (the patient or client), so both the seeded
// organisations and the demo's fixtures pick up the samples of the cases they hold. People are
// named by the case's own slots (lead / support / manager: the doctor, nurse and case manager
// columns, on the legal platforms the lead practitioner, supporting member and file manager) or by
// a sample person key (SAMPLE_PEOPLE in sample-case.ts) that each side maps to one of its own people.

/** The case's own §3.2 slots. */
export type TSampleSlot = 'lead' | 'support' | 'manager';

/** A slot of the case, or a colleague by sample person key (sample-case.ts SAMPLE_PEOPLE). */
export type TSamplePerson = TSampleSlot | { staff: string };

export interface TSampleNote {
  kind: TCaseNoteKind;
  by: TSamplePerson;
  /** Hours before "now" (the seed's clock, the demo's anchor). */
  hoursAgo: number;
  body: string;
  /** A later amendment by the same author: the note above stays, shown as amended. */
  amended?: { hoursAgo: number; body: string };
}

export interface TSampleTask {
  title: string;
  assignee: TSamplePerson;
  /** Days from today (negative: overdue unless done). */
  dueInDays: number | null;
  priority: TCasePriority;
  /** Completed this many hours ago by the assignee. */
  doneHoursAgo?: number;
}

export interface TSampleCaseFile {
  /** The case's patient / client name as the catalogue spells it. */
  caseName: string;
  restricted?: boolean;
  /** Members beyond the three slots. */
  team?: readonly { person: TSamplePerson; roleOnCase: TCaseTeamRole }[];
  notes?: readonly TSampleNote[];
  tasks?: readonly TSampleTask[];
}

const HEALTHCARE: readonly TSampleCaseFile[] = [
  {
    caseName: 'Thabo Mabaso',
    team: [{ person: { staff: 'clinical-staff' }, roleOnCase: 'consultant' }],
    notes: [
      { kind: 'clinical', by: 'lead', hoursAgo: 70, body: 'Day 1 after right total hip replacement. Wound clean and dry, pain controlled on paracetamol and tramadol. Mobilised to the chair with a walking frame.' },
      { kind: 'nursing', by: 'support', hoursAgo: 30, body: 'Slept well. Enoxaparin given at 18:00. Drain removed, site clean.', amended: { hoursAgo: 28, body: 'Slept well. Enoxaparin given at 18:00. Drain removed, site clean; small ooze on the dressing, changed and marked.' } },
      { kind: 'telephone', by: 'manager', hoursAgo: 6, body: 'Spoke to his daughter: she can stay with him for two weeks after discharge. Walking frame to be collected from the orthotics store.' },
    ],
    tasks: [
      { title: 'Wound check (day 3)', assignee: 'support', dueInDays: -1, priority: 'High' },
      { title: 'Book outpatient physiotherapy', assignee: 'manager', dueInDays: 2, priority: 'Medium' },
      { title: 'Confirm Bonitas authorisation for the extra night', assignee: 'manager', dueInDays: -2, priority: 'Medium', doneHoursAgo: 20 },
    ],
  },
  {
    caseName: 'Johannes van der Merwe',
    team: [{ person: { staff: 'icu-nurse' }, roleOnCase: 'nurse' }, { person: { staff: 'clinical-staff' }, roleOnCase: 'consultant' }],
    notes: [
      { kind: 'clinical', by: 'lead', hoursAgo: 20, body: 'Post-operative atrial fibrillation overnight, now in sinus rhythm on amiodarone. Drains out. Plan: step down from ICU tomorrow if stable.' },
      { kind: 'progress', by: 'support', hoursAgo: 4, body: 'Sat out for two hours, chest physiotherapy done, incentive spirometry 1 500 ml.' },
    ],
    tasks: [
      { title: 'Cardiac rehabilitation referral', assignee: 'manager', dueInDays: 3, priority: 'Medium' },
      { title: 'Repeat potassium and magnesium', assignee: 'support', dueInDays: 0, priority: 'High' },
    ],
  },
  {
    caseName: 'Gugu Radebe',
    team: [{ person: { staff: 'midwife' }, roleOnCase: 'nurse' }],
    notes: [
      { kind: 'clinical', by: 'lead', hoursAgo: 12, body: 'Blood pressure 150/100 on nifedipine. Magnesium sulphate running, reflexes present, urine output adequate. Second dose of betamethasone given.' },
    ],
    tasks: [{ title: 'CTG review', assignee: 'support', dueInDays: -1, priority: 'High' }],
  },
  {
    // Need to know: HIV status on the file; the demo's Clinical Staff meet the break-glass dialog here.
    caseName: 'Lindiwe Zwane',
    restricted: true,
    notes: [{ kind: 'clinical', by: 'lead', hoursAgo: 16, body: 'Saturation 94% on 2 l/min. Continue ceftriaxone; GeneXpert negative. Antiretrovirals continued.' }],
    tasks: [{ title: 'Wean oxygen and repeat saturation on room air', assignee: 'support', dueInDays: 1, priority: 'High' }],
  },
  {
    caseName: 'Abdul Karriem',
    notes: [{ kind: 'progress', by: 'lead', hoursAgo: 100, body: 'Fasting glucose down to 8.1 mmol/L. Insulin glargine up to 16 units at night.' }],
    tasks: [{ title: 'Dietitian session', assignee: 'manager', dueInDays: -3, priority: 'Low' }],
  },
];

const LEGAL: readonly TSampleCaseFile[] = [
  {
    caseName: 'Sipho Mahlangu',
    notes: [
      { kind: 'attendance', by: 'lead', hoursAgo: 50, body: 'Consultation with the client: went through the RAF1 form and the orthopaedic report. Client confirms he was a passenger, not the driver.' },
      { kind: 'file', by: 'support', hoursAgo: 8, body: 'Hospital records requested from Chris Hani Baragwanath; reference CHB/REC/2291.', amended: { hoursAgo: 7, body: 'Hospital records requested from Chris Hani Baragwanath; reference CHB/REC/2291 (second request, first went unanswered).' } },
    ],
    tasks: [
      { title: 'Lodge RAF1 claim with the Fund', assignee: 'lead', dueInDays: -2, priority: 'High' },
      { title: 'Diarise the 120-day period', assignee: 'manager', dueInDays: 4, priority: 'Medium' },
    ],
  },
  {
    // Need to know: a commercial matter the rest of the firm is walled off from.
    caseName: 'Khumalo Holdings (Pty) Ltd',
    restricted: true,
    notes: [{ kind: 'telephone', by: 'lead', hoursAgo: 26, body: 'Opposing attorneys propose a without-prejudice meeting next week.' }],
    tasks: [{ title: 'Prepare discovery affidavit', assignee: 'manager', dueInDays: 5, priority: 'High' }],
  },
  // The firm's forensic accountant works on its commercial disputes as the in-house expert; counsel
  // is briefed as a party of the matter, never a member (issue 32).
  ...['Cape Fresh Produce', 'Ubuntu Logistics (Pty) Ltd', 'Goldreef Engineering (Pty) Ltd', 'Kwanele Trading CC'].map(
    (caseName): TSampleCaseFile => ({ caseName, team: [{ person: { staff: 'forensic-accountant' }, roleOnCase: 'expert' }] }),
  ),
  {
    caseName: 'Refilwe Tau',
    notes: [{ kind: 'correspondence', by: 'support', hoursAgo: 60, body: 'CCMA set the conciliation down for the 3rd; notice sent to the client by e-mail.' }],
    tasks: [{ title: 'Bundle for conciliation', assignee: 'support', dueInDays: -1, priority: 'Medium' }],
  },
];

const MEDICOLEGAL: readonly TSampleCaseFile[] = [
  {
    caseName: 'Lwazi Mokoena (minor)',
    team: [{ person: { staff: 'counsel' }, roleOnCase: 'advocate' }, { person: { staff: 'records-analyst' }, roleOnCase: 'paralegal' }],
    notes: [
      { kind: 'clinical', by: 'support', hoursAgo: 90, body: 'CTG tracing shows late decelerations from 02:10; decision to deliver recorded at 03:40. Delay of 90 minutes supports the negligence allegation.' },
      { kind: 'attendance', by: 'lead', hoursAgo: 10, body: 'Met the mother and the curator ad litem. Explained the expert process and the likely timeline to trial.', amended: { hoursAgo: 9, body: 'Met the mother and the curator ad litem. Explained the expert process, the likely timeline to trial and the interim payment application.' } },
    ],
    tasks: [
      { title: 'Serve the paediatric neurologist report', assignee: 'lead', dueInDays: -4, priority: 'High' },
      { title: 'Request the missing partogram', assignee: 'manager', dueInDays: 3, priority: 'Medium' },
    ],
  },
  {
    // Need to know: a wrongful death claim against a state hospital, handled by its own team only.
    caseName: 'Estate late Nomsa Dlamini',
    restricted: true,
    notes: [{ kind: 'file', by: 'manager', hoursAgo: 40, body: 'Letters of executorship received; the estate can now sue.' }],
    tasks: [{ title: 'Section 3 notice to the Department of Health', assignee: 'lead', dueInDays: -2, priority: 'High' }],
  },
  {
    caseName: 'Thomas Sithole',
    notes: [{ kind: 'telephone', by: 'manager', hoursAgo: 30, body: 'Theatre register requested from the hospital; promised within ten days.' }],
    tasks: [{ title: 'Instruct a general surgeon as expert', assignee: 'lead', dueInDays: 6, priority: 'Medium' }],
  },
];

export const SAMPLE_CASE_FILES: Record<TPlatform, readonly TSampleCaseFile[]> = {
  healthcare: HEALTHCARE,
  legal: LEGAL,
  medicolegal: MEDICOLEGAL,
};

/** The case-file samples of one case, if it has any. */
export function sampleCaseFileOf(platform: TPlatform, caseName: string): TSampleCaseFile | undefined {
  return SAMPLE_CASE_FILES[platform].find((sample) => sample.caseName === caseName);
}
