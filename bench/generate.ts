// npm run bench:generate — fills a database with a large, realistic tenant mix for the benchmarks
// (issue 9): 100 organisations, 1,000,000 cases in all (the largest organisation holds 200,000),
// with their staff, beds, hourly rates, appointments, messages and time entries. SQLite at
// bench/data/bench.sqlite by default; Postgres when BENCH_DATABASE_URL is set. A database already
// generated with the same version and size is reused. Prints how long it took.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { refreshAllAccountSums } from '../db/account-sums';
import { connectDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import type { DB } from '../db/schema';
import { postgresBulkLoader, sqliteBulkLoader } from './bulk-load';
import { hashPassword } from '../src/server/auth/password';
import { yearKey } from '../src/shared/calendar';
import { formatCaseReference, referencePrefixOf } from '../src/shared/domain/case-reference';
import { makeSaIdNumber } from '../src/shared/sa/sa-id-number';

// 2: bench_meta keeps generated_at, so a run can remove the cases earlier runs created.
// 3: the case file (issue 18): references, the team of each case (its three slots), "case opened" events.
// 4: people, parties, documents and notes (issue 19): a person per case (with a valid SA ID number),
//    a next of kin on every eighth case, a document on every third, a note on every fifth.
// 5: litigation and encounters (issue 30): the second organisation is a medicolegal unit whose every
//    matter has its court matter, with hearings on every fourth, a settlement event on every third
//    and a computed deadline on every second; an encounter with a diagnosis on every fourth case of
//    these two organisations (the encounters are read one case at a time, by index).
// 6: medical accounts (issue 33): each encounter of the largest hospital is a charge on an account of
//    the case's person, claimed and remitted on every second, with a patient payment on every eighth.
export const BENCH_VERSION = 6;
export const BENCH_PASSWORD = 'bench-password-2026';
export const BENCH_SQLITE = process.env.BENCH_SQLITE_FILE ?? join('bench', 'data', 'bench.sqlite');
export const LARGEST_ADMIN = 'admin@org-000.bench.example';
/** The medicolegal unit (the second organisation): the litigation reads are measured signed in as its Administrator. */
export const LITIGATION_ADMIN = 'admin@org-001.bench.example';
const LITIGATION_ORG = 1;

const ORGANIZATIONS = Number(process.env.BENCH_ORGANIZATIONS ?? 100);
const TOTAL_CASES = Number(process.env.BENCH_CASES ?? 1_000_000);
const LARGEST_SHARE = 0.2;
const STAFF_PER_ORG = 6; // Administrator, two Doctors, two Nurses, a Case Manager
const BEDS_PER_ORG = 60;

export const FIRST = ['Ayanda', 'Sipho', 'Thandi', 'Lerato', 'Pieter', 'Anisha', 'Johan', 'Nomvula', 'Kagiso', 'Fatima', 'Riaan', 'Zanele', 'Bongani', 'Priya', 'Themba', 'Naledi'];
export const LAST = ['Dlamini', 'Nkosi', 'Botha', 'Naidoo', 'van der Merwe', 'Mokoena', 'Khumalo', 'Pillay', 'Mthembu', 'Jacobs', 'Zulu', 'Steyn', 'Govender', 'Adams', 'Mabaso', 'Ndlovu'];
export const TYPES = ['Cardiology', 'Orthopaedics', 'Maternity', 'Oncology', 'General Surgery', 'Paediatrics', 'Neurology', 'Emergency', 'Respiratory', 'Renal'];
const STATUSES = ['Scheduled', 'In Progress', 'Completed'];
const PRIORITIES = ['Low', 'Medium', 'High'];
const DOCUMENTS = ['Referral letter', 'Discharge summary', 'Lab results', 'Radiology report', 'Consent form', 'Medical aid authorisation'];
const NOTES = ['Ward round: observations stable, plan unchanged.', 'Bloods taken; awaiting results from the laboratory.', 'Family updated on progress at the bedside.', 'Physiotherapy started; mobilising with assistance.', 'Pain controlled on oral analgesia; for review tomorrow.'];
// The three team slots of a case are filled from staff 1–2 (attending doctor / responsible attorney),
// 3–4 (nurse / advocate) and 5 (case manager / coordinator).
const ROLES = ['Administrator', 'Doctor', 'Doctor', 'Nurse', 'Nurse', 'Case Manager'];
const LITIGATION_ROLES = ['Administrator', 'Attorneys', 'Attorneys', 'Advocates', 'Advocates', 'Special Litigation Unit'];
const DIVISIONS = ['Gauteng Division, Pretoria', 'Gauteng Local Division, Johannesburg', 'Western Cape Division, Cape Town', 'KwaZulu-Natal Local Division, Durban'];
const STAGES = ['letter-of-demand', 'summons-issued', 'pleadings', 'discovery', 'trial-ready', 'trial', 'settled'];
const HEARING_TYPES = ['trial', 'judicial-case-management', 'pre-trial', 'motion', 'mediation'];
// A settlement event's kind with the statuses it can have (settlements.ts).
const SETTLEMENT_OUTCOMES = [['offer', 'open'], ['offer', 'rejected'], ['counter-offer', 'open'], ['offer', 'accepted'], ['tender', 'open'], ['mediation', 'accepted'], ['court-order', 'final']] as const;
const DEADLINE_RULES = ['rule-19', 'act-40-s3', 'prescription'];
const ENCOUNTER_TYPES = ['Consultation', 'Ward round', 'Theatre', 'Emergency'];
const DIAGNOSES = [['I10', 'Essential (primary) hypertension'], ['E11.9', 'Type 2 diabetes mellitus without complications'], ['J18.9', 'Pneumonia, unspecified'], ['S72.0', 'Fracture of neck of femur']] as const;

const rateOf = (role: string) => (role === 'Doctor' || role === 'Attorneys' ? 85_000 : role === 'Nurse' || role === 'Advocates' ? 32_000 : 18_000);

/** Deterministic pseudo-random numbers, so every generated database is the same. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32);
}

/** The tables the generator fills: their secondary indexes and triggers are built once at the end (bulk-load.ts). */
const BULK_TABLES = ['organizations', 'users', 'memberships', 'staff_hourly_rates', 'beds', 'people', 'cases', 'case_parties', 'documents', 'case_notes', 'case_team', 'case_events', 'appointments', 'messages', 'time_entries', 'case_reference_counters', 'court_matters', 'hearings', 'settlement_events', 'case_deadlines', 'encounters', 'encounter_diagnoses', 'charges', 'accounts', 'account_lines', 'account_payments'];

async function alreadyGenerated(db: Kysely<DB>): Promise<boolean> {
  try {
    const row = await sql<{ value: string }>`select value from bench_meta where key = 'version'`.execute(db);
    return row.rows[0]?.value === `${BENCH_VERSION}:${ORGANIZATIONS}:${TOTAL_CASES}`;
  } catch {
    return false;
  }
}

/**
 * Removes the cases the POST runs added (everything created after generation), so every server
 * measured — the product, the baseline, the next run — reads the same data.
 */
export async function forgetBenchWrites(url: string | undefined): Promise<number> {
  const database = connectDatabase(url ?? BENCH_SQLITE, { poolSize: 1, statementTimeoutMs: 3_600_000 });
  const { db } = database;
  try {
    const since = await sql<{ value: string }>`select value from bench_meta where key = 'generated_at'`.execute(db);
    const generatedAt = since.rows[0]?.value;
    if (!generatedAt) return 0;
    // The POST runs write to the largest organisation: its (organization_id, created_at) index finds them.
    const org = (await db.selectFrom('organizations').select('id').where('slug', '=', 'org-000').executeTakeFirstOrThrow()).id;
    const remove = async (executor: Kysely<DB>) => {
      // createCase writes the case's team and first timeline line too (issue 18): remove them first,
      // as Postgres below skips the cascades.
      const added = (eb: Kysely<DB>) => eb.selectFrom('cases').select('id').where('organization_id', '=', org).where('created_at', '>', generatedAt);
      await executor.deleteFrom('case_team').where('case_id', 'in', added(executor)).execute();
      await executor.deleteFrom('case_events').where('case_id', 'in', added(executor)).execute();
      const removed = Number((await executor.deleteFrom('cases').where('organization_id', '=', org).where('created_at', '>', generatedAt).executeTakeFirst()).numDeletedRows);
      // Each case opened by name made its person (issue 19): they go too, so the people searches stay put.
      await executor.deleteFrom('people').where('organization_id', '=', org).where('created_at', '>', generatedAt).execute();
      return removed;
    };
    // Nothing refers to these rows (they were made by the POST runs), but SQLite checks every table
    // that refers to a person for each one removed, and some of those columns have no index (the
    // product never deletes people): a scan of a million rows per person. So no checks here.
    if (database.dialect === 'sqlite') {
      await sql`pragma foreign_keys = off`.execute(db);
      return await remove(db);
    }
    // Postgres checks every table that refers to a case for each case removed, and none of them has
    // an index that starts with case_id (the product never removes cases): a seq scan of the
    // appointments and time entries per case. These cases have nothing referring to them, so the
    // checks (and the case_counts trigger, whose counts are then recomputed) are switched off here.
    return await db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      const removed = await remove(trx);
      await trx.deleteFrom('case_counts').where('organization_id', '=', org).execute();
      await sql`insert into case_counts (organization_id, status, n)
        select organization_id, status, count(*) from cases where organization_id = ${org} group by organization_id, status`.execute(trx);
      return removed;
    });
  } finally {
    await database.close();
  }
}

export async function generate(url: string | undefined): Promise<{ reused: boolean; seconds: number; location: string }> {
  if (!url) mkdirSync(join('bench', 'data'), { recursive: true });
  const database = connectDatabase(url ?? BENCH_SQLITE, { poolSize: 4, statementTimeoutMs: 3_600_000 });
  const { db } = database;
  const started = Date.now();
  try {
    await migrateToLatest(db);
    if (await alreadyGenerated(db)) return { reused: true, seconds: 0, location: database.location };
    const any = await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
    if (any) throw new Error(`${database.location} already holds other data: point BENCH_DATABASE_URL at an empty database (or delete ${BENCH_SQLITE}).`);
    const bulk = database.dialect === 'sqlite' ? sqliteBulkLoader(database.location) : await postgresBulkLoader(url!);
    await bulk.deferIndexes(BULK_TABLES);

    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const random = rng(42);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const now = Date.now();
    const iso = (msAgo: number) => new Date(now - msAgo).toISOString();
    const DAY = 86_400_000;
    const largest = Math.round(TOTAL_CASES * LARGEST_SHARE);
    const perOther = Math.floor((TOTAL_CASES - largest) / (ORGANIZATIONS - 1));

    for (let o = 0; o < ORGANIZATIONS; o++) {
      const orgId = randomUUID();
      const slug = `org-${String(o).padStart(3, '0')}`;
      const caseCount = o === 0 ? largest : o === ORGANIZATIONS - 1 ? TOTAL_CASES - largest - perOther * (ORGANIZATIONS - 2) : perOther;
      const litigation = o === LITIGATION_ORG;
      const name = litigation ? `Bench Litigation Unit ${o}` : `Bench Hospital ${o}`;
      const prefix = referencePrefixOf(name);
      await bulk.begin();
      bulk.insert('organizations', [{ id: orgId, slug, name, platform: litigation ? 'medicolegal' : 'healthcare', type: litigation ? 'Special Litigation Unit' : 'Hospital', address: null, city: 'Johannesburg', province: 'Gauteng', postal_code: null, phone: null, email: null, registration_number: null, trial_ends_at: null, max_users: null, case_reference_prefix: prefix, created_at: iso(900 * DAY), updated_at: iso(900 * DAY) }]);
      const staff = (litigation ? LITIGATION_ROLES : ROLES).map((role, i) => ({ id: randomUUID(), role, email: i === 0 ? `admin@${slug}.bench.example` : `${role.toLowerCase().replace(' ', '')}${i}@${slug}.bench.example` }));
      bulk.insert('users', staff.map((s) => ({ id: s.id, email: s.email, password_hash: passwordHash, first_name: pick(FIRST), last_name: pick(LAST), department: null, profile_image_url: null, is_super_admin: 0, last_seen_at: null, created_at: iso(800 * DAY), updated_at: iso(800 * DAY) })));
      bulk.insert('memberships', staff.map((s) => ({ id: randomUUID(), organization_id: orgId, user_id: s.id, role: s.role, created_at: iso(800 * DAY), updated_at: iso(800 * DAY) })));
      bulk.insert('staff_hourly_rates', staff.map((s) => ({ id: randomUUID(), organization_id: orgId, user_id: s.id, role: s.role, hourly_rate_cents: rateOf(s.role), effective_date: '2024-01-01', created_at: iso(700 * DAY) })));
      if (!litigation) bulk.insert('beds', Array.from({ length: BEDS_PER_ORG }, (_, b) => ({ id: randomUUID(), organization_id: orgId, bed_number: `B-${String(b + 1).padStart(3, '0')}`, ward: `Ward ${String.fromCharCode(65 + (b % 6))}`, bed_type: b % 10 === 0 ? 'ICU' : 'General', status: b % 3 === 0 ? 'Occupied' : 'Available', assigned_nurse_id: staff[3]!.id, notes: null, patient_id: b % 3 === 0 ? `P-${o}-${b}` : null, created_at: iso(600 * DAY), updated_at: iso(600 * DAY) })));

      const doctors = staff.slice(1, 3);
      const nurses = staff.slice(3, 5);
      // References as createCase hands them out (PREFIX-YYYY-NNNNN per South African year), counted
      // here in memory and written to the counters once: one round trip per year, not per case.
      // Cases are generated in random date order, so numbers follow generation, not dates.
      const counters = new Map<number, number>();
      let accountNumber = 0; // issue 33: the largest hospital's account numbers
      // One person per SA ID number in an organisation (migration 0024): a drawn number already given
      // takes the next sequence of that birth date, so the random stream stays as it was.
      const idNumbers = new Set<string>();
      const uniqueIdNumber = (born: string, sex: 'female' | 'male', drawn: number): string => {
        let sequence = drawn;
        let idNumber = makeSaIdNumber(born, sex, sequence);
        while (idNumbers.has(idNumber)) idNumber = makeSaIdNumber(born, sex, (sequence = (sequence + 1) % 5000));
        idNumbers.add(idNumber);
        return idNumber;
      };
      for (let start = 0; start < caseCount; start += 5_000) {
        const cases: Record<string, unknown>[] = [];
        const team: Record<string, unknown>[] = [];
        const events: Record<string, unknown>[] = [];
        const appointments: Record<string, unknown>[] = [];
        const messages: Record<string, unknown>[] = [];
        const entries: Record<string, unknown>[] = [];
        const people: Record<string, unknown>[] = [];
        const parties: Record<string, unknown>[] = [];
        const documents: Record<string, unknown>[] = [];
        const notes: Record<string, unknown>[] = [];
        const matters: Record<string, unknown>[] = [];
        const hearings: Record<string, unknown>[] = [];
        const settlements: Record<string, unknown>[] = [];
        const deadlines: Record<string, unknown>[] = [];
        const encounters: Record<string, unknown>[] = [];
        const diagnoses: Record<string, unknown>[] = [];
        const charges: Record<string, unknown>[] = [];
        const accounts: Record<string, unknown>[] = [];
        const accountLines: Record<string, unknown>[] = [];
        const payments: Record<string, unknown>[] = [];
        for (let c = start; c < Math.min(caseCount, start + 5_000); c++) {
          const id = randomUUID();
          const created = iso(Math.floor(random() * 700 * DAY));
          const status = pick(STATUSES);
          const [first, last] = [pick(FIRST), pick(LAST)];
          const personId = randomUUID();
          const born = new Date(Date.UTC(1940 + Math.floor(random() * 65), Math.floor(random() * 12), 1 + Math.floor(random() * 28))).toISOString().slice(0, 10);
          const sex = random() < 0.5 ? 'female' : 'male';
          people.push({ id: personId, organization_id: orgId, kind: 'person', first_name: first, last_name: last, full_name: `${first} ${last}`, id_number: uniqueIdNumber(born, sex, Math.floor(random() * 5000)), date_of_birth: born, sex, version: 1, created_at: created, updated_at: created });
          const kase = { id, organization_id: orgId, person_id: personId, patient_name: `${first} ${last}`, case_type: pick(TYPES), description: null, priority: pick(PRIORITIES), status, assigned_doctor_id: pick(doctors).id, assigned_nurse_id: pick(nurses).id, case_manager_id: staff[5]!.id, progress_percentage: Math.floor(random() * 100), completed_at: status === 'Completed' ? created : null, created_by: staff[0]!.id, created_at: created, updated_at: created };
          const year = Number(yearKey(created));
          const n = (counters.get(year) ?? 0) + 1;
          counters.set(year, n);
          const reference = formatCaseReference(prefix, year, n);
          cases.push({ ...kase, reference });
          const slots = [[kase.assigned_doctor_id, 'attending_doctor'], [kase.assigned_nurse_id, 'nurse'], [kase.case_manager_id, 'case_manager']] as const;
          slots.forEach(([userId, role], i) => team.push({ id: randomUUID(), organization_id: orgId, case_id: id, user_id: userId, role_on_case: role, added_by: staff[0]!.id, added_at: new Date(Date.parse(created) + i).toISOString() }));
          events.push({ id: randomUUID(), organization_id: orgId, case_id: id, at: created, actor_id: staff[0]!.id, kind: 'case.created', summary: `Case ${reference} opened (${kase.case_type})`, details: JSON.stringify({ reference }) });
          if (c % 8 === 0) {
            const kinId = randomUUID();
            people.push({ id: kinId, organization_id: orgId, kind: 'person', first_name: pick(FIRST), last_name: last, full_name: `${pick(FIRST)} ${last}`, version: 1, created_at: created, updated_at: created });
            parties.push({ id: randomUUID(), organization_id: orgId, case_id: id, person_id: kinId, role: 'next-of-kin', notes: null, added_by: staff[0]!.id, added_at: created });
          }
          if (c % 3 === 0) documents.push({ id: randomUUID(), organization_id: orgId, case_id: id, file_name: `${pick(DOCUMENTS)} ${last} ${reference}.pdf`, content_type: 'application/pdf', size_bytes: 40_000, sha256: '0'.repeat(64), uploaded_by: staff[5]!.id, created_at: created });
          if (c % 5 === 0) notes.push({ id: randomUUID(), organization_id: orgId, case_id: id, kind: 'clinical', body: pick(NOTES), author_id: pick(doctors).id, amends_id: null, created_at: created });
          if (c % 4 === 0) appointments.push({ id: randomUUID(), organization_id: orgId, case_id: id, title: 'Follow-up', description: null, start_time: created, end_time: created, appointment_type: 'Follow-up', location: 'Clinic', status: 'Scheduled', created_by: staff[0]!.id, created_at: created, updated_at: created });
          if (c % 10 === 0) messages.push({ id: randomUUID(), organization_id: orgId, sender_id: staff[1]!.id, recipient_id: null, subject: 'Case update', content: 'Bloods are back; see the chart.', message_type: 'broadcast', patient_case_id: id, created_at: created });
          if (c % 5 === 0) {
            const user = pick([doctors[0]!, nurses[0]!, staff[5]!]);
            const rate = rateOf(user.role);
            const minutes = 15 + Math.floor(random() * 120);
            entries.push({ id: randomUUID(), organization_id: orgId, case_id: id, user_id: user.id, role: user.role, description: null, start_time: created, end_time: created, duration_minutes: minutes, hourly_rate_cents: rate, total_cost_cents: Math.round((rate * minutes) / 60), created_at: created });
          }
          if (o <= LITIGATION_ORG && c % 4 === 0) {
            const encounterId = randomUUID();
            const [code, description] = pick(DIAGNOSES);
            encounters.push({ id: encounterId, organization_id: orgId, case_id: id, type: pick(ENCOUNTER_TYPES), occurred_at: created, clinician_id: pick(doctors).id, subjective: 'Pain in the chest since the morning.', objective: 'Alert, not distressed.', assessment: description, plan: 'Review with results.', pulse: 60 + Math.floor(random() * 50), systolic: 110 + Math.floor(random() * 50), diastolic: 65 + Math.floor(random() * 25), temperature_c: 36.5, respiratory_rate: 16, spo2: 97, weight_kg: 72.5, amends_id: null, created_at: created });
            diagnoses.push({ encounter_id: encounterId, organization_id: orgId, code, description, is_primary: 1, position: 0 });
            if (o === 0) {
              const chargeId = randomUUID();
              const accountId = randomUUID();
              const amount = 520_00 + Math.floor(random() * 40) * 10_00;
              accountNumber += 1;
              charges.push({ id: chargeId, organization_id: orgId, case_id: id, person_id: personId, encounter_id: encounterId, service_date: created.slice(0, 10), code_list: 'tariff', code: '0191', description: 'Consultation', quantity: 1, unit_price_cents: amount, amount_cents: amount, vat_cents: 0, icd10_codes: JSON.stringify([code]), modifier: null, authorisation_number: null, needs_authorisation: 0, pmb: 0, treating_practitioner_id: null, created_by: null, created_at: created, voided_at: null, voided_by: null, void_reason: null, version: 1 });
              accounts.push({ id: accountId, organization_id: orgId, number: accountNumber, case_id: id, person_id: personId, holder_id: personId, payer: 'scheme', account_date: created.slice(0, 10), total_cents: amount, vat_cents: 0, created_by: null, created_at: created });
              accountLines.push({ id: randomUUID(), organization_id: orgId, account_id: accountId, charge_id: chargeId, position: 1, amount_cents: amount, vat_cents: 0, status: c % 8 === 0 ? 'paid' : 'submitted', status_reason: null, claim_id: null, version: 1 });
              if (c % 16 === 0) payments.push({ id: randomUUID(), organization_id: orgId, account_id: accountId, receipt_number: accountNumber, amount_cents: 100_00, method: 'card', date: created.slice(0, 10), reverses_id: null, received_by: null, created_at: created });
            }
          }
          if (litigation) litigationRows(c, id, created);
        }
        // The court matter of every matter of the medicolegal unit, and its hearings, settlement log
        // and deadlines, dated around today so the upcoming lists and this year's figures find some.
        function litigationRows(c: number, caseId: string, created: string) {
          const matterId = randomUUID();
          const day = (offsetDays: number) => new Date(now + offsetDays * DAY).toISOString().slice(0, 10);
          const served = created.slice(0, 10);
          matters.push({ id: matterId, organization_id: orgId, case_id: caseId, court: 'High Court', division: pick(DIVISIONS), case_number: `${1000 + c}/${created.slice(0, 4)}`, caselines_reference: null, claim_amount_cents: 50_000_000 + Math.floor(random() * 1_000_000_000), stage: pick(STAGES), trial_scope: 'merits-and-quantum', summons_served_on: served, debt_due_on: served, knowledge_on: served, version: 1, updated_by: staff[0]!.id, created_at: created, updated_at: created });
          if (c % 4 === 0) {
            const starts = new Date(now + Math.floor((random() - 0.5) * 240) * DAY).toISOString();
            hearings.push({ id: randomUUID(), organization_id: orgId, case_id: caseId, type: pick(HEARING_TYPES), starts_at: starts, ends_at: null, venue: 'Court 4F', judge: null, outcome: null, notes: null, version: 1, created_by: staff[0]!.id, created_at: created, updated_at: created });
          }
          if (c % 3 === 0) {
            const [kind, status] = pick(SETTLEMENT_OUTCOMES);
            const on = day(-Math.floor(random() * 500));
            settlements.push({ id: randomUUID(), organization_id: orgId, case_id: caseId, kind, occurred_on: on, from_side: kind === 'court-order' ? 'court' : kind === 'mediation' ? 'mediator' : pick(['ours', 'opposing']), amount_cents: 10_000_000 + Math.floor(random() * 500_000_000), heads: '{}', status, note: null, version: 1, recorded_by: staff[0]!.id, created_at: created, updated_at: created });
          }
          if (c % 2 === 0) {
            const due = day(Math.floor((random() - 0.3) * 120));
            deadlines.push({ id: randomUUID(), organization_id: orgId, case_id: caseId, rule: pick(DEADLINE_RULES), source_kind: 'court-matter', source_id: matterId, trigger_on: served, due_on: due, explanation: `Due ${due}, counted from ${served}.`, task_id: null, created_at: created, updated_at: created });
          }
        }
        bulk.insert('people', people);
        bulk.insert('cases', cases);
        bulk.insert('case_parties', parties);
        bulk.insert('documents', documents);
        bulk.insert('case_notes', notes);
        bulk.insert('case_team', team);
        bulk.insert('case_events', events);
        bulk.insert('appointments', appointments);
        bulk.insert('messages', messages);
        bulk.insert('time_entries', entries);
        bulk.insert('encounters', encounters);
        bulk.insert('encounter_diagnoses', diagnoses);
        bulk.insert('charges', charges);
        bulk.insert('accounts', accounts);
        bulk.insert('account_lines', accountLines);
        bulk.insert('account_payments', payments);
        bulk.insert('court_matters', matters);
        bulk.insert('hearings', hearings);
        bulk.insert('settlement_events', settlements);
        bulk.insert('case_deadlines', deadlines);
        await bulk.settle();
      }
      bulk.insert('case_reference_counters', [...counters].map(([year, last]) => ({ organization_id: orgId, year, last_number: last })));
      await bulk.commit();
      if (o % 10 === 0) process.stdout.write(`  organisation ${o + 1}/${ORGANIZATIONS}: ${caseCount} cases (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
    }
    process.stdout.write(`  rows written (${((Date.now() - started) / 1000).toFixed(0)} s); building the indexes\n`);
    await bulk.finish();
    // The accounts were bulk-loaded straight to their tables: store their sums as the product's writes do.
    for (const { organization_id } of await db.selectFrom('accounts').select('organization_id').distinct().execute()) await refreshAllAccountSums(db, organization_id);
    await sql`create table if not exists bench_meta (key text primary key, value text not null)`.execute(db);
    await sql`insert into bench_meta (key, value) values ('version', ${`${BENCH_VERSION}:${ORGANIZATIONS}:${TOTAL_CASES}`})`.execute(db);
    await sql`insert into bench_meta (key, value) values ('generated_at', ${iso(0)})`.execute(db);
    if (database.dialect === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    // Postgres: VACUUM too, as autovacuum would have long before a real database grew this big; it
    // sets the visibility map, without which index-only scans fetch every row from the heap.
    await (database.dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db);
    return { reused: false, seconds: (Date.now() - started) / 1000, location: database.location };
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await generate(process.env.BENCH_DATABASE_URL);
  console.log(result.reused ? `Reusing the generated database at ${result.location}.` : `Generated ${TOTAL_CASES} cases in ${ORGANIZATIONS} organisations at ${result.location} in ${result.seconds.toFixed(1)} s.`);
}
