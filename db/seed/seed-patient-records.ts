import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { DB } from '../schema';
import { addMinutes } from '../time';
import type { SeedClock } from './seed-helpers';
import type { SeededCase } from './seed-cases';
import type { SeededOrganization } from './seed-people';

// The patient portal's records in the hospital: Thabo Mabaso (the demo Patient) gets his profile,
// results, medications, two more appointments and a short conversation with his surgeon; a few
// other admitted patients get results so the Diagnostic Services dashboard has something recent.
// Everything on a running case is placed at a fraction of the time since admission, so nothing
// happens before the patient arrived or after `now`, whatever day the seed runs.

export interface PatientRecordRows {
  testResults: Insertable<DB['test_results']>[];
  medications: Insertable<DB['medications']>[];
  profiles: Insertable<DB['patient_profiles']>[];
  appointments: Insertable<DB['appointments']>[];
  messages: Insertable<DB['messages']>[];
  messageRecipients: Insertable<DB['message_recipients']>[];
}

const PORTAL_PATIENT = 'Thabo Mabaso';

interface ResultTemplate {
  test: string;
  category: string;
  summary: string;
  range?: string;
  status: 'Pending' | 'Final' | 'Abnormal';
  /** When it was ordered, as a fraction of the time from admission to now (negative: before admission). */
  at: number;
}

const THABO_RESULTS: readonly ResultTemplate[] = [
  { test: 'Full blood count (pre-operative)', category: 'Haematology', summary: 'Haemoglobin 141 g/L, white cells 7.4 ×10⁹/L, platelets 262 ×10⁹/L. Fit for surgery.', range: 'Hb 130–170 g/L', status: 'Final', at: -0.6 },
  { test: 'Urea, creatinine and electrolytes', category: 'Chemistry', summary: 'Sodium 139 mmol/L, potassium 4.3 mmol/L, creatinine 84 µmol/L. Kidney function normal.', range: 'Creatinine 64–104 µmol/L', status: 'Final', at: -0.55 },
  { test: 'X-ray right hip (post-operative)', category: 'Radiology', summary: 'Prosthesis well positioned. No fracture or dislocation.', status: 'Final', at: 0.2 },
  { test: 'Haemoglobin (day 1 after surgery)', category: 'Haematology', summary: 'Haemoglobin 97 g/L — low after blood loss in surgery. Iron started; repeat in two days.', range: '130–170 g/L', status: 'Abnormal', at: 0.35 },
  { test: 'Wound swab culture', category: 'Microbiology', summary: 'Culture in progress. Results usually take 48–72 hours.', status: 'Pending', at: 0.8 },
];

const OTHER_RESULTS: Record<string, readonly ResultTemplate[]> = {
  'Johannes van der Merwe': [
    { test: 'Troponin I (high sensitivity)', category: 'Chemistry', summary: 'Troponin I 412 ng/L, falling from 1 280 ng/L.', range: '< 26 ng/L', status: 'Abnormal', at: 0.3 },
    { test: 'Chest X-ray', category: 'Radiology', summary: 'Sternal wires intact; small left pleural effusion.', status: 'Final', at: 0.6 },
  ],
  'Gugu Radebe': [
    { test: 'Urine protein:creatinine ratio', category: 'Chemistry', summary: 'PCR 0.52 g/mmol — significant proteinuria.', range: '< 0.03 g/mmol', status: 'Abnormal', at: 0.25 },
    { test: 'Liver function and platelets', category: 'Chemistry', summary: 'Sample received; awaiting analysis.', status: 'Pending', at: 0.9 },
  ],
  'Abdul Karriem': [
    { test: 'HbA1c', category: 'Chemistry', summary: 'HbA1c 9.1% — above target.', range: '< 7.0%', status: 'Abnormal', at: 0.4 },
    { test: 'Fasting lipid profile', category: 'Chemistry', summary: 'Total cholesterol 4.6 mmol/L, LDL 2.4 mmol/L.', range: 'LDL < 2.6 mmol/L', status: 'Final', at: 0.5 },
  ],
  'Ntombi Shabalala': [
    { test: 'Full blood count (post-partum)', category: 'Haematology', summary: 'Haemoglobin 118 g/L, white cells 9.8 ×10⁹/L.', range: 'Hb 120–150 g/L', status: 'Final', at: 0.5 },
  ],
};

/** Turnaround per category, in minutes: a pending result has none yet. */
const TURNAROUND: Record<string, number> = { Haematology: 90, Chemistry: 150, Radiology: 60, Microbiology: 2_880 };

export function buildPatientRecords(org: SeededOrganization, cases: readonly SeededCase[], clock: SeedClock): PatientRecordRows {
  const rows: PatientRecordRows = { testResults: [], medications: [], profiles: [], appointments: [], messages: [], messageRecipients: [] };
  const thabo = cases.find((c) => c.template.patient === PORTAL_PATIENT && c.template.status === 'In Progress');
  if (!thabo) return rows; // only the hospital's catalogue has him
  const patient = org.member('mabaso');
  const now = clock.now;
  const elapsedMinutes = (c: SeededCase) => Math.max(60, (Date.parse(now) - Date.parse(c.openedAt)) / 60_000);
  /** A moment at `fraction` of the way from admission to now (before admission when negative). */
  const during = (c: SeededCase, fraction: number) => addMinutes(c.openedAt, Math.round(elapsedMinutes(c) * fraction));

  const addResults = (c: SeededCase, templates: readonly ResultTemplate[]) => {
    for (const t of templates) {
      const orderedAt = t.at < 0 ? addMinutes(c.openedAt, Math.round(t.at * 1_440 * 7)) : during(c, t.at);
      const resulted = t.status === 'Pending' ? null : addMinutes(orderedAt, TURNAROUND[t.category] ?? 120);
      rows.testResults.push({
        id: randomUUID(),
        organization_id: org.id,
        case_id: c.id,
        test_name: t.test,
        category: t.category,
        result_summary: t.summary,
        reference_range: t.range ?? null,
        status: t.status,
        ordered_by: c.leadId,
        ordered_at: orderedAt,
        // A result can only come back before now; one that would not have yet stays pending.
        resulted_at: resulted !== null && resulted < now ? resulted : null,
        created_at: orderedAt,
        // Issue 31: released by the ordering doctor when they came back (a pending one as ordered), as 0021 backfills.
        released_at: resulted !== null && resulted < now ? resulted : orderedAt,
        released_by: c.leadId,
      });
    }
  };

  addResults(thabo, THABO_RESULTS);
  // Issue 31: this morning's CRP is back and held — the doctor releases it (or not) after looking.
  const crpAt = addMinutes(now, -150);
  rows.testResults.push({
    id: randomUUID(), organization_id: org.id, case_id: thabo.id, test_name: 'C-reactive protein', category: 'Chemistry', result_summary: '86 mg/L',
    reference_range: '< 5 mg/L', status: 'Abnormal', ordered_by: thabo.leadId, ordered_at: addMinutes(crpAt, -120), resulted_at: crpAt, created_at: crpAt,
    value: '86', unit: 'mg/L', flag: 'High', entered_by: thabo.leadId, released_at: null, released_by: null,
  });
  for (const [name, templates] of Object.entries(OTHER_RESULTS)) {
    const other = cases.find((c) => c.template.patient === name && c.template.status === 'In Progress');
    if (other) addResults(other, templates);
  }
  for (const r of rows.testResults) if (r.resulted_at === null) r.status = 'Pending';

  const medication = (name: string, dosage: string, route: string, frequency: string, instructions: string, startDay: number, endDay: number | null, status: 'Active' | 'Completed') =>
    rows.medications.push({
      id: randomUUID(), organization_id: org.id, case_id: thabo.id, name, dosage, route, frequency, instructions,
      prescribed_by: thabo.leadId, prescriber_role: 'Doctor', start_date: clock.date(startDay), end_date: endDay === null ? null : clock.date(endDay),
      status, created_at: thabo.openedAt,
    });
  medication('Enoxaparin', '40 mg injection under the skin', 'sc', 'Once daily', 'Prevents blood clots after hip surgery. Continue for 35 days; the ward sister will teach you or a family member to inject.', thabo.openedDay, thabo.openedDay + 35, 'Active');
  medication('Paracetamol', '1 g (two 500 mg tablets)', 'oral', 'Every 6 hours', 'For pain. Do not take more than 4 g (8 tablets) in 24 hours.', thabo.openedDay, null, 'Active');
  medication('Cefazolin', '2 g intravenous', 'iv', 'Every 8 hours for 24 hours', 'Antibiotic given around the operation to prevent infection.', thabo.openedDay, Math.min(thabo.openedDay + 1, 0), 'Completed');

  rows.profiles.push({
    user_id: patient.userId,
    organization_id: org.id,
    date_of_birth: '1958-04-12',
    phone: '082 417 3390',
    address: '14 Kiewiet Crescent, Tafelsig, Mitchells Plain, 7785',
    emergency_contact_name: 'Nomvula Mabaso',
    emergency_contact_relationship: 'Daughter',
    emergency_contact_phone: '073 552 8146',
    medical_aid_scheme: 'Bonitas Medical Fund (BonComprehensive)',
    medical_aid_number: '90048213',
    medical_aid_main_member: 'Thabo Mabaso',
    updated_at: during(thabo, 0.1),
  });

  // Two visits after discharge, booked by his surgeon, plus the pre-operative one he already had.
  const appointment = (title: string, type: string, location: string, start: string, minutes: number, status: string, description: string) =>
    rows.appointments.push({
      id: randomUUID(), organization_id: org.id, case_id: thabo.id, title, description, start_time: start, end_time: addMinutes(start, minutes),
      appointment_type: type, location, status, created_by: thabo.leadId,
      created_at: start < now ? addMinutes(start, -10_080) : thabo.openedAt, updated_at: start < now ? addMinutes(start, minutes) : thabo.openedAt,
    });
  const preOp = addMinutes(thabo.openedAt, -7 * 1_440);
  appointment(`Pre-operative assessment – ${PORTAL_PATIENT}`, 'Consultation', 'Orthopaedic Clinic, Room 4', clock.onWorkday(clock.dayOffsetOf(preOp), '10:00'), 30, 'Completed', 'Fitness for surgery, bloods and consent.');
  appointment(`Wound check – ${PORTAL_PATIENT}`, 'Follow-up', 'Orthopaedic Clinic, Room 4', clock.onWorkday(Math.max(3, thabo.openedDay + 12), '09:30'), 20, 'Scheduled', 'Removal of clips and wound review.');
  appointment(`Six-week hip review – ${PORTAL_PATIENT}`, 'Follow-up', 'Orthopaedic Clinic, Room 4', clock.onWorkday(Math.max(10, thabo.openedDay + 42), '11:00'), 30, 'Scheduled', 'X-ray of the hip on arrival, then review with Dr Steyn.');

  // A short conversation with his surgeon: one recipient row per message, for the recipient only.
  const surgeon = thabo.leadId;
  const direct = (from: string, to: string, subject: string, content: string, at: string, read: boolean) => {
    const id = randomUUID();
    rows.messages.push({ id, organization_id: org.id, sender_id: from, recipient_id: to, subject, content, message_type: 'direct', patient_case_id: thabo.id, created_at: at });
    const readAt = addMinutes(at, 45);
    rows.messageRecipients.push({ message_id: id, user_id: to, organization_id: org.id, read_at: read && readAt < now ? readAt : null, created_at: at });
  };
  direct(surgeon, patient.userId, 'Your operation went well',
    'Good afternoon Mr Mabaso. The hip replacement went well and the new joint is in a good position on the X-ray. The physiotherapists will get you walking with a frame tomorrow. — Dr Steyn',
    during(thabo, 0.25), true);
  direct(patient.userId, surgeon, 'Question about the injections',
    'Doctor, must I keep doing the injections in my stomach when I go home? My daughter Nomvula can help me with them.',
    during(thabo, 0.6), true);
  direct(surgeon, patient.userId, 'Re: Question about the injections',
    'Yes — the enoxaparin injections continue for five weeks after the operation to prevent clots. Sister Mthembu will show Nomvula how to give them before you go home.',
    during(thabo, 0.85), false);
  return rows;
}
