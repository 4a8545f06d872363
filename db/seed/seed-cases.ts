import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { yearKey } from '../../src/shared/calendar';
import { formatCaseReference, referencePrefixOf } from '../../src/shared/domain/case-reference';
import { slotRoles } from '../../src/shared/domain/case-team';
import type { DB } from '../schema';
import type { CaseTemplate } from './case-template';
import { HEALTHCARE_CASES } from './demo-cases-healthcare';
import { LEGAL_CASES } from './demo-cases-legal';
import { MEDICOLEGAL_CASES } from './demo-cases-medicolegal';
import type { DemoOrganization } from './demo-organizations';
import { type Rng, type SeedClock, laterOf } from './seed-helpers';
import type { SeededOrganization } from './seed-people';

// Turns the hand-written case catalogues into rows placed around "now": completed cases closed in
// the last ~6 weeks, running cases opened in the last 1–30 days (hospital) or 10–90 days (legal),
// scheduled cases start in the next two weeks. Progress follows from the dates.

export const CASE_CATALOGUE: Record<DemoOrganization['key'], readonly CaseTemplate[]> = {
  thornhill: HEALTHCARE_CASES,
  mokoena: LEGAL_CASES,
  gauteng: MEDICOLEGAL_CASES,
};

export interface SeededCase {
  id: string;
  template: CaseTemplate;
  /** Still mutable until inserted: the bed planner fills in bed_number. */
  row: Insertable<DB['cases']>;
  openedAt: string;
  closedAt: string | null;
  /** Calendar-day offsets from today of opening and (for completed cases) closing. */
  openedDay: number;
  closedDay: number | null;
  leadId: string;
  supportId: string | null;
  managerId: string;
}

const HOSPITAL_ADMISSION_TIMES = ['07:30', '08:45', '09:15', '10:40', '13:20', '15:05', '17:50', '21:35'];
const HOSPITAL_DISCHARGE_TIMES = ['10:00', '10:30', '11:15', '12:00', '14:30'];
const OFFICE_TIMES = ['08:30', '09:00', '10:15', '11:30', '14:00', '15:45'];

interface CaseDates {
  openedDay: number;
  openedAt: string;
  closedDay: number | null;
  closedAt: string | null;
  estimatedDischarge: string;
  progress: number;
  createdAt: string;
  updatedAt: string;
}

function placeCase(template: CaseTemplate, hospital: boolean, clock: SeedClock, rng: Rng): CaseDates {
  const span = Math.max(template.days, 2);
  const openTime = () => rng.pick(hospital ? HOSPITAL_ADMISSION_TIMES : OFFICE_TIMES);
  const closeTime = () => rng.pick(hospital ? HOSPITAL_DISCHARGE_TIMES : OFFICE_TIMES);

  if (template.status === 'Completed') {
    const closedDay = -rng.int(2, 40);
    const openedDay = Math.max(closedDay - span, -90);
    const openedAt = hospital ? clock.at(openedDay, openTime()) : clock.onWorkday(openedDay, openTime());
    const closedAt = hospital ? clock.at(closedDay, closeTime()) : clock.onWorkday(closedDay, closeTime());
    return {
      openedDay: clock.dayOffsetOf(openedAt), openedAt,
      closedDay: clock.dayOffsetOf(closedAt), closedAt,
      // Most stays end by the estimate the team gave; about one in five runs a day over.
      estimatedDischarge: clock.at(closedDay + (rng.int(1, 5) === 1 ? -1 : 1), '17:00'),
      progress: 100, createdAt: openedAt, updatedAt: closedAt,
    };
  }

  if (template.status === 'In Progress') {
    const openedDay = -rng.int(hospital ? 1 : 10, hospital ? Math.min(30, Math.max(1, span - 1)) : 90);
    const openedAt = hospital ? clock.at(openedDay, openTime()) : clock.onWorkday(openedDay, openTime());
    let expectedDay = openedDay + span;
    if (expectedDay <= 0) expectedDay = hospital ? rng.int(1, 4) : rng.int(14, 60); // running late: re-estimated
    const elapsed = -openedDay / (expectedDay - openedDay);
    const progress = Math.min(90, Math.max(10, Math.round((elapsed * 100) / 5) * 5));
    return {
      openedDay: clock.dayOffsetOf(openedAt), openedAt, closedDay: null, closedAt: null,
      estimatedDischarge: clock.at(expectedDay, '11:00'),
      progress, createdAt: openedAt, updatedAt: laterOf(openedAt, clock.minutesAgo(rng.int(15, 2_880))),
    };
  }

  // Scheduled: starts in the next two weeks, booked a few days ago.
  const openedAt = clock.onWorkday(rng.int(1, 14), hospital ? '07:00' : openTime());
  const openedDay = clock.dayOffsetOf(openedAt);
  const createdAt = clock.at(-rng.int(1, 14), rng.pick(OFFICE_TIMES));
  return {
    openedDay, openedAt, closedDay: null, closedAt: null,
    estimatedDischarge: clock.at(openedDay + span, '11:00'),
    progress: 0, createdAt, updatedAt: createdAt,
  };
}

export function buildCases(org: SeededOrganization, clock: SeedClock, rng: Rng): SeededCase[] {
  const hospital = org.def.platform === 'healthcare';
  return CASE_CATALOGUE[org.def.key].map((template) => {
    const id = randomUUID();
    const dates = placeCase(template, hospital, clock, rng);
    const leadId = org.member(template.lead).userId;
    const supportId = template.support ? org.member(template.support).userId : null;
    const managerId = org.member(template.manager).userId;
    const patientUser = template.patientUser ? org.member(template.patientUser) : null;
    if (patientUser && patientUser.role !== 'Patient') throw new Error(`${patientUser.fullName} is not a Patient`);
    const row: Insertable<DB['cases']> = {
      id,
      organization_id: org.id,
      patient_name: template.patient,
      patient_user_id: patientUser?.userId ?? null,
      case_type: template.caseType,
      description: template.description,
      priority: template.priority,
      status: template.status,
      scheduled_date: dates.openedAt,
      assigned_doctor_id: leadId,
      assigned_nurse_id: supportId,
      case_manager_id: managerId,
      department: template.department,
      admission_date: dates.openedAt,
      estimated_discharge: dates.estimatedDischarge,
      completed_at: dates.closedAt,
      first_completed_at: dates.closedAt,
      progress_percentage: dates.progress,
      bed_number: null,
      treatment_plan: template.plan,
      notes: template.notes || null,
      urgent_flags: JSON.stringify(template.flags ?? []),
      created_by: managerId,
      created_at: dates.createdAt,
      updated_at: dates.updatedAt,
    };
    return {
      id, template, row,
      openedAt: dates.openedAt, closedAt: dates.closedAt,
      openedDay: dates.openedDay, closedDay: dates.closedDay,
      leadId, supportId, managerId,
    };
  });
}

/** The rows of the case file that the seeded cases start with (issue 18): references, team, first timeline line. */
export interface CaseFileStartRows {
  counters: Insertable<DB['case_reference_counters']>[];
  team: Insertable<DB['case_team']>[];
  events: Insertable<DB['case_events']>[];
}

/**
 * Numbers the organisation's seeded cases as createCase would have (PREFIX-YYYY-NNNNN in the order
 * they were opened, per South African year; the prefix from the organisation's name), sets
 * `row.reference`, and answers the counter rows, the team rows of the three slots and each case's
 * "case.created" line. In memory: the seed inserts everything in one transaction.
 */
export function buildCaseFileStart(org: SeededOrganization, cases: readonly SeededCase[]): CaseFileStartRows {
  const prefix = referencePrefixOf(org.def.name);
  const roles = slotRoles(org.def.platform);
  const counters = new Map<number, number>();
  const rows: CaseFileStartRows = { counters: [], team: [], events: [] };
  const inOrder = [...cases].sort((a, b) => String(a.row.created_at).localeCompare(String(b.row.created_at)) || a.id.localeCompare(b.id));
  for (const kase of inOrder) {
    const createdAt = String(kase.row.created_at);
    const year = Number(yearKey(createdAt));
    const n = (counters.get(year) ?? 0) + 1;
    counters.set(year, n);
    const reference = formatCaseReference(prefix, year, n);
    kase.row.reference = reference;
    const slots: [string | null, string][] = [[kase.leadId, roles.doctor], [kase.supportId, roles.nurse], [kase.managerId, roles.caseManager]];
    slots.forEach(([userId, role], i) => {
      if (userId === null) return;
      // A millisecond apart: the team lists them in slot order, as createCase does.
      rows.team.push({ id: randomUUID(), organization_id: org.id, case_id: kase.id, user_id: userId, role_on_case: role, added_by: kase.managerId, added_at: new Date(Date.parse(createdAt) + i).toISOString() });
    });
    rows.events.push({ id: randomUUID(), organization_id: org.id, case_id: kase.id, at: createdAt, actor_id: kase.managerId, kind: 'case.created', summary: `Case ${reference} opened (${kase.template.caseType})`, details: JSON.stringify({ reference }) });
  }
  for (const [year, last] of counters) rows.counters.push({ organization_id: org.id, year, last_number: last });
  return rows;
}
