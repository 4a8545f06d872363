import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../schema';
import { nowIso } from '../time';
import { SUPER_ADMIN } from '../../src/shared/roles';
import { DEMO_ORGANIZATIONS, SENTINEL_ORGANIZATION_SLUG, SUPER_ADMIN_PERSON, emailOf } from './demo-organizations';
import { buildAppointments } from './seed-appointments';
import { buildBeds } from './seed-beds';
import { seedAdmissions } from './seed-admissions';
import { type CaseFileStartRows, buildCaseFileStart, buildCases } from './seed-cases';
import { seedCaseFiles } from './seed-case-file';
import { createClock, createRng, insertRows } from './seed-helpers';
import { buildIntegrations } from './seed-integrations';
import { buildMessages } from './seed-messages';
import { buildPatientRecords } from './seed-patient-records';
import { buildPeople } from './seed-people';
import { seedLitigation } from './seed-litigation';
import { seedHospitalRecords } from './seed-hospital-records';
import { seedNotifications } from './seed-notifications';
import { seedEncounters } from './seed-encounters';
import { seedObservations } from './seed-observations';
import { seedAccounts } from './seed-accounts';
import { seedFees } from './seed-fees';
import { seedTrust } from './seed-trust';
import { seedContingency } from './seed-contingency';
import { type RegistryRows, buildRegistry } from './seed-registry';
import { buildRequests } from './seed-requests';
import { buildResources } from './seed-resources';
import { buildSupportChats } from './seed-support-chats';
import { buildTimeEntries } from './seed-time-entries';

// The demo organisations (one per platform) with their people and a few weeks of believable
// activity around `now`. Portable Kysely only, so it runs the same on SQLite and Postgres.
// Idempotent: if the sentinel organisation exists nothing is written; otherwise everything is
// written in one transaction, so a failed run leaves no half-seeded tenant behind.

export interface DemoCredential {
  email: string;
  role: string;
  organization: string | null;
  platform: string | null;
}

export interface SeedResult {
  created: boolean;
  credentials: DemoCredential[];
}

const MIN_PASSWORD_LENGTH = 8; // SPEC §9; the same bound as DEMO_PASSWORD in the server config

/** The highlighted demo sign-ins: the Super Admin, then each organisation's named accounts. */
export function demoCredentials(): DemoCredential[] {
  const credentials: DemoCredential[] = [
    { email: SUPER_ADMIN_PERSON.email, role: SUPER_ADMIN, organization: null, platform: null },
  ];
  for (const org of DEMO_ORGANIZATIONS) {
    for (const person of org.people) {
      if (person.signIn) credentials.push({ email: emailOf(org, person), role: person.role, organization: org.name, platform: org.platform });
    }
  }
  return credentials;
}

async function alreadySeeded(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('organizations').select('id').where('slug', '=', SENTINEL_ORGANIZATION_SLUG).executeTakeFirst();
  return row !== undefined;
}

export interface SeedOptions {
  password: string;
  /** The server's password hashing (argon2id, src/server/auth/password.ts), passed in: db/ sits below the server. */
  hashPassword(password: string): Promise<string>;
  now?: Date;
  /** The demo Super Admin's TOTP secret: Super Admins must sign in with a second factor (issue 8). Unset: they enrol at first sign-in. */
  superAdminTotpSecret?: string;
}

export async function seedDemoData(db: Kysely<DB>, options: SeedOptions): Promise<SeedResult> {
  const credentials = demoCredentials();
  if (await alreadySeeded(db)) return { created: false, credentials };
  if (options.password.length < MIN_PASSWORD_LENGTH) {
    throw new RangeError(`The demo password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }

  // Hashed once (argon2id is deliberately slow) and shared by every demo account.
  const plan = buildDemoRows(await options.hashPassword(options.password), options.now ?? new Date());

  const insertAll = db.transaction().execute(async (trx) => {
    // Checked again inside the transaction: another process may have seeded meanwhile.
    if (await alreadySeeded(trx)) return false;
    // Parents before children, so foreign keys hold at every step on both dialects.
    await insertRows(trx, 'organizations', plan.organizations);
    await insertRows(trx, 'users', plan.users);
    await insertRows(trx, 'memberships', plan.memberships);
    await insertRows(trx, 'staff_hourly_rates', plan.rates);
    await insertRows(trx, 'people', plan.registry.people);
    await insertRows(trx, 'cases', plan.cases);
    await insertRows(trx, 'case_reference_counters', plan.caseFile.counters);
    await insertRows(trx, 'case_team', plan.caseFile.team);
    await insertRows(trx, 'case_events', plan.caseFile.events);
    await insertRows(trx, 'case_parties', plan.registry.parties);
    await insertRows(trx, 'case_conflict_checks', plan.registry.conflictChecks);
    await insertRows(trx, 'case_events', plan.registry.events);
    await insertRows(trx, 'allergies', plan.registry.allergies);
    await insertRows(trx, 'appointments', plan.appointments);
    await insertRows(trx, 'appointment_attendees', plan.appointmentAttendees);
    await insertRows(trx, 'messages', plan.messages);
    await insertRows(trx, 'message_recipients', plan.messageRecipients);
    await insertRows(trx, 'educational_resources', plan.resources);
    await insertRows(trx, 'beds', plan.beds);
    await insertRows(trx, 'bed_assignments', plan.bedAssignments);
    await insertRows(trx, 'crm_integrations', plan.integrations);
    await insertRows(trx, 'time_entries', plan.timeEntries);
    await insertRows(trx, 'support_chats', plan.supportChats);
    await insertRows(trx, 'chat_messages', plan.chatMessages);
    await insertRows(trx, 'trial_requests', plan.trialRequests);
    await insertRows(trx, 'registration_requests', plan.registrationRequests);
    await insertRows(trx, 'test_results', plan.testResults);
    await insertRows(trx, 'medications', plan.medications);
    await insertRows(trx, 'patient_profiles', plan.patientProfiles);
    await seedCaseFiles(trx, options.now ?? new Date());
    await seedLitigation(trx, options.now ?? new Date());
    await seedNotifications(trx, options.now ?? new Date()); // issue 21: the bells are not empty
    await seedAdmissions(trx, options.now ?? new Date()); // issue 22: stays become admissions; the census has a history
    await seedHospitalRecords(trx, options.now ?? new Date()); // issue 22: a medicolegal case's hospital records
    await seedEncounters(trx, options.now ?? new Date()); // issue 22: encounters on the hospitals' running cases
    await seedObservations(trx, options.now ?? new Date()); // issue 31: observation sets with NEWS2 on the admitted patients
    await seedAccounts(trx, options.now ?? new Date()); // issue 33: practice numbers, cover, charges, a claimed and a draft account
    await seedFees(trx, options.now ?? new Date()); // issue 34: the law firm's VAT number and banking; unbilled disbursements
    await seedTrust(trx, options.now ?? new Date()); // issue 34: money held in trust for the first matter's client
    await seedContingency(trx, options.now ?? new Date()); // issue 34: a contingency-fee agreement on the firm's first matter
    if (options.superAdminTotpSecret) {
      const now = nowIso();
      await trx.updateTable('users').set({ totp_secret: options.superAdminTotpSecret, totp_enabled_at: now }).where('email', '=', SUPER_ADMIN_PERSON.email).execute();
    }
    return true;
  });
  try {
    return { created: await insertAll, credentials };
  } catch (error) {
    // Two processes seeding at once: the loser hits the unique slug and rolls back. That is not
    // a failure if the winner's demo is now there.
    if (await alreadySeeded(db)) return { created: false, credentials };
    throw error;
  }
}

type Rows<T extends keyof DB> = Insertable<DB[T]>[];

interface DemoRows {
  organizations: Rows<'organizations'>;
  users: Rows<'users'>;
  memberships: Rows<'memberships'>;
  rates: Rows<'staff_hourly_rates'>;
  cases: Rows<'cases'>;
  /** References, slot team members and "case opened" timeline lines (issue 18). */
  caseFile: CaseFileStartRows;
  /** People (every case's person), parties and a recorded conflict check (issue 19). */
  registry: RegistryRows;
  appointments: Rows<'appointments'>;
  appointmentAttendees: Rows<'appointment_attendees'>;
  messages: Rows<'messages'>;
  messageRecipients: Rows<'message_recipients'>;
  resources: Rows<'educational_resources'>;
  beds: Rows<'beds'>;
  bedAssignments: Rows<'bed_assignments'>;
  integrations: Rows<'crm_integrations'>;
  timeEntries: Rows<'time_entries'>;
  supportChats: Rows<'support_chats'>;
  chatMessages: Rows<'chat_messages'>;
  trialRequests: Rows<'trial_requests'>;
  registrationRequests: Rows<'registration_requests'>;
  testResults: Rows<'test_results'>;
  medications: Rows<'medications'>;
  patientProfiles: Rows<'patient_profiles'>;
}

/** Every demo row, built in memory before the transaction opens. */
function buildDemoRows(passwordHash: string, now: Date): DemoRows {
  const clock = createClock(now);
  const people = buildPeople(clock, passwordHash);
  const requests = buildRequests(people.superAdminId, clock);
  const rows: DemoRows = {
    organizations: people.organizationRows,
    users: people.userRows,
    memberships: people.membershipRows,
    rates: people.rateRows,
    cases: [],
    appointments: [],
    appointmentAttendees: [],
    messages: [],
    messageRecipients: [],
    resources: [],
    beds: [],
    bedAssignments: [],
    integrations: [],
    timeEntries: [],
    supportChats: [],
    chatMessages: [],
    trialRequests: requests.trialRows,
    registrationRequests: requests.registrationRows,
    caseFile: { counters: [], team: [], events: [] },
    registry: { people: [], parties: [], conflictChecks: [], events: [], allergies: [] },
    testResults: [],
    medications: [],
    patientProfiles: [],
  };

  people.organizations.forEach((org, index) => {
    // A fixed seed per organisation: the same demo every time; only ids and dates move with `now`.
    const rng = createRng(0x5eed + index * 7_919);
    const cases = buildCases(org, clock, rng);
    if (org.def.platform === 'healthcare') {
      const beds = buildBeds(org, cases, clock, rng); // also writes bed numbers onto admitted cases
      rows.beds.push(...beds.bedRows);
      rows.bedAssignments.push(...beds.assignmentRows);
    }
    const caseFile = buildCaseFileStart(org, cases); // also writes the references onto the case rows
    rows.caseFile.counters.push(...caseFile.counters);
    rows.caseFile.team.push(...caseFile.team);
    rows.caseFile.events.push(...caseFile.events);
    const appointments = buildAppointments(org, cases, clock, rng);
    rows.appointments.push(...appointments.appointments);
    rows.appointmentAttendees.push(...appointments.attendees);
    rows.timeEntries.push(...buildTimeEntries(org, cases, clock, rng));
    const messages = buildMessages(org, clock, rng);
    rows.messages.push(...messages.messageRows);
    rows.messageRecipients.push(...messages.recipientRows);
    const profiles: Rows<'patient_profiles'> = [];
    if (org.def.platform === 'healthcare') {
      const records = buildPatientRecords(org, cases, clock);
      rows.testResults.push(...records.testResults);
      rows.medications.push(...records.medications);
      profiles.push(...records.profiles);
      rows.patientProfiles.push(...records.profiles);
      rows.appointments.push(...records.appointments);
      // His visits: the surgeon who booked them, and Thabo himself (he has a portal account).
      const thabo = org.member('mabaso').userId;
      for (const a of records.appointments) {
        for (const userId of new Set([a.created_by ?? thabo, thabo])) rows.appointmentAttendees.push({ appointment_id: a.id!, user_id: userId, organization_id: org.id });
      }
      rows.messages.push(...records.messages);
      rows.messageRecipients.push(...records.messageRecipients);
    }
    // Last: it names each case's person (a returning one takes the name of their first case).
    const registry = buildRegistry(org, cases, profiles);
    rows.registry.people.push(...registry.people);
    rows.registry.parties.push(...registry.parties);
    rows.registry.conflictChecks.push(...registry.conflictChecks);
    rows.registry.events.push(...registry.events);
    rows.registry.allergies.push(...registry.allergies);
    rows.cases.push(...cases.map((c) => c.row));
    rows.resources.push(...buildResources(org, clock, rng));
    rows.integrations.push(...buildIntegrations(org, clock));
    const chats = buildSupportChats(org, people.superAdminId, clock);
    rows.supportChats.push(...chats.chatRows);
    rows.chatMessages.push(...chats.chatMessageRows);
  });
  return rows;
}
