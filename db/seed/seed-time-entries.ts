import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { DB } from '../schema';
import { addMinutes } from '../time';
import type { TOrganizationRole } from '../../src/shared/roles';
import type { DemoOrganization } from './demo-organizations';
import { type Rng, type SeedClock, laterOf, minutesBetween } from './seed-helpers';
import type { SeededCase } from './seed-cases';
import type { SeededMember, SeededOrganization } from './seed-people';

// Time booked on cases over the last ~60 days, by the people on each case (plus therapists and
// radiology in the hospital), at each person's hourly rate. Every entry lies inside its case's
// life: after opening and, for completed cases, before closing. A few are still running.

interface TimePlan {
  entries: number;
  running: number;
  /** Local working window for entry start times. */
  firstStart: string;
  lastStart: string;
  /** Person keys who book time on any case, besides the case's own team. */
  floaters: string[];
}

const PLANS: Record<DemoOrganization['key'], TimePlan> = {
  thornhill: { entries: 40, running: 2, firstStart: '06:30', lastStart: '19:30', floaters: ['duplessis', 'naidoo'] },
  mokoena: { entries: 20, running: 1, firstStart: '08:00', lastStart: '16:00', floaters: [] },
  gauteng: { entries: 20, running: 1, firstStart: '08:00', lastStart: '16:00', floaters: [] },
};

const WORK: Partial<Record<TOrganizationRole, readonly string[]>> = {
  Doctor: ['Ward round and clinical review', 'Review of test results', 'Consultation and treatment plan update', 'Family meeting'],
  Nurse: ['Observations and medication administration', 'Wound care and dressing change', 'Admission nursing assessment', 'Patient and family education'],
  'Case Manager': ['Discharge planning', 'Medical aid pre-authorisation', 'Coordination with step-down facility', 'Medical scheme liaison'],
  'Clinical Staff': ['Physiotherapy session', 'Mobility assessment', 'Chest physiotherapy'],
  'Diagnostic Services': ['CT scan and report', 'X-ray imaging and report', 'Ultrasound examination'],
  Director: ['Strategy consultation with client', 'Settlement negotiation', 'Review of pleadings', 'Court appearance'],
  'Legal Consultants': ['Drafting particulars of claim', 'Client consultation', 'Legal research: case law', 'Preparing heads of argument'],
  'Admin Staff': ['Indexing and paginating court bundle', 'Filing at court', 'Records request follow-up'],
  'Expert/Witness': ['Review of records for expert opinion', 'Expert report drafting', 'Preparing for joint expert meeting'],
  Attorneys: ['Drafting plea', 'Consultation with hospital staff', 'Discovery: reviewing medical records', 'Settlement memorandum'],
  Advocates: ['Opinion on merits', 'Trial preparation', 'Court appearance', 'Pre-trial conference'],
  'Special Litigation Unit': ['Settlement mandate review', 'Case strategy meeting', 'Contingent liability assessment'],
};

const DURATIONS = [15, 30, 30, 45, 60, 60, 90, 120, 150, 180, 240];

function describe(member: SeededMember, rng: Rng): string {
  return rng.pick(WORK[member.role] ?? ['Case work']);
}

function entryRow(org: SeededOrganization, c: SeededCase, member: SeededMember, start: string, minutes: number | null, rng: Rng) {
  const rate = member.hourlyRateCents;
  if (rate === null) throw new Error(`${member.fullName} has no hourly rate`);
  const end = minutes === null ? null : addMinutes(start, minutes);
  const row: Insertable<DB['time_entries']> = {
    id: randomUUID(),
    organization_id: org.id,
    case_id: c.id,
    user_id: member.userId,
    role: member.role,
    description: describe(member, rng),
    start_time: start,
    end_time: end,
    duration_minutes: minutes,
    hourly_rate_cents: rate,
    total_cost_cents: minutes === null ? 0 : Math.round((rate * minutes) / 60),
    created_at: end ?? start,
  };
  return row;
}

export function buildTimeEntries(
  org: SeededOrganization,
  cases: readonly SeededCase[],
  clock: SeedClock,
  rng: Rng,
): Insertable<DB['time_entries']>[] {
  const plan = PLANS[org.def.key];
  const team = (c: SeededCase): SeededMember[] => {
    const keys = [c.template.lead, c.template.lead, c.template.support, c.template.manager, ...plan.floaters];
    return keys.filter((k): k is string => !!k).map((k) => org.member(k));
  };
  const started = cases.filter((c) => c.template.status !== 'Scheduled');
  const running = started.filter((c) => c.template.status === 'In Progress');
  const rows: Insertable<DB['time_entries']>[] = [];

  for (let i = 0; i < plan.entries; i++) {
    const c = rng.pick(started);
    const member = rng.pick(team(c));
    const firstDay = Math.max(c.openedDay, -60);
    const lastDay = Math.max(firstDay, Math.min(c.closedDay ?? -1, -1));
    const [fromH = 8, fromM = 0] = plan.firstStart.split(':').map(Number);
    const [toH = 16, toM = 0] = plan.lastStart.split(':').map(Number);
    const minuteOfDay = rng.int(Math.ceil((fromH * 60 + fromM) / 15), Math.floor((toH * 60 + toM) / 15)) * 15;
    const hhmm = `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;
    // Not before the case opened (rounded up to the next quarter hour).
    let start = laterOf(clock.at(rng.int(firstDay, lastDay), hhmm), c.openedAt);
    start = addMinutes(start, (15 - (new Date(start).getUTCMinutes() % 15)) % 15);
    let minutes = rng.pick(DURATIONS);
    // Finished work ends before the case closed and before now.
    const limit = c.closedAt ?? clock.now;
    if (addMinutes(start, minutes) > limit) {
      const room = Math.floor(minutesBetween(start, limit) / 15) * 15;
      if (room >= 15) minutes = Math.min(minutes, room);
      else {
        minutes = 15;
        start = c.openedAt;
      }
    }
    rows.push(entryRow(org, c, member, start, minutes, rng));
  }

  // Running entries: one person has at most one running clock per case (a unique index holds it).
  const runningOn = new Set<string>();
  for (let i = 0; i < plan.running; i++) {
    const c = rng.pick(running);
    const member = org.member(c.template.support ?? c.template.lead);
    const key = `${member.userId}:${c.id}`;
    if (runningOn.has(key)) continue;
    runningOn.add(key);
    const start = laterOf(clock.minutesAgo(rng.int(20, 110)), c.openedAt);
    rows.push(entryRow(org, c, member, start, null, rng));
  }
  return rows;
}
