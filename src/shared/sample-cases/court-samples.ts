import { saWallClockToIso } from '../calendar';
import type { TCaseStatus } from '../domain/cases';
import type { TCourtStage, TTrialScope } from '../domain/court-matters';
import type { THearingType } from '../domain/hearings';
import type { TPlatform } from '../platform';
import { addCalendarDays, inRule19Recess, isCourtDay } from '../sa/court-days';

// Sample court matters and hearings (issue 20) that the seed (db/seed/seed-court.ts) and demo mode
// (src/client/demo/fixtures/court.ts) both draw, so the two tell the same story: a court matter on
// most open litigation cases — the state litigation unit's in the Gauteng Division, Pretoria — with
// stages spread, the dates the deadline rules start from on some, and hearings around today: trial
// dates one to four months out, judicial case management and pre-trial conferences in the coming
// weeks, and a past hearing with its outcome. Deterministic from the case's position and today.

export interface TSampleHearing {
  type: THearingType;
  startsAt: string;
  endsAt: string | null;
  venue: string | null;
  judge: string | null;
  outcome: string | null;
}

export interface TSampleCourtMatter {
  court: string;
  division: string;
  caseNumber: string;
  caselinesReference: string | null;
  claimAmountCents: number | null;
  stage: TCourtStage;
  trialScope: TTrialScope | null;
  summonsServedOn: string | null;
  debtDueOn: string | null;
  knowledgeOn: string | null;
  hearings: TSampleHearing[];
}

export interface TSampleCourtCase {
  caseType: string;
  status: TCaseStatus;
}

interface Forum {
  court: string;
  division: string;
  /** The case number as the registrar writes it, from a serial and a year. */
  number: (serial: number, year: number) => string;
  venue: (room: number) => string;
  caselines: boolean;
}

const GAUTENG_PRETORIA: Forum = {
  court: 'High Court', division: 'Gauteng Division, Pretoria', caselines: true,
  number: (serial, year) => `${year}/${String(serial).padStart(6, '0')}`,
  venue: (room) => `Court ${room}${'ABCDEFG'[room % 7]}, Palace of Justice, Pretoria`,
};
const GAUTENG_JOHANNESBURG: Forum = {
  court: 'High Court', division: 'Gauteng Local Division, Johannesburg', caselines: true,
  number: (serial, year) => `${year}/${String(serial).padStart(6, '0')}`,
  venue: (room) => `Court ${room}, Johannesburg High Court`,
};
const LABOUR_COURT: Forum = {
  court: 'Labour Court', division: 'Johannesburg', caselines: false,
  number: (serial, year) => `JR ${serial % 10_000}/${String(year).slice(2)}`,
  venue: (room) => `Court ${room % 4 + 1}, Labour Court, Braamfontein`,
};
const MAGISTRATES_COURT: Forum = {
  court: "Magistrate's Court", division: 'District of Johannesburg Central', caselines: false,
  number: (serial, year) => `${serial % 100_000}/${year}`,
  venue: (room) => `Court ${room + 10}, Johannesburg Magistrate's Court`,
};

/** Which forum a case type is heard in; null for work that is not litigation (estates, wills, transfers). */
function forumOf(platform: TPlatform, caseType: string): Forum | null {
  if (platform === 'medicolegal') return GAUTENG_PRETORIA;
  if (platform !== 'legal') return null;
  const type = caseType.toLowerCase();
  if (/estate|will|conveyanc|transfer|bail|trademark opposition|ccma/.test(type)) return null;
  if (/labour court/.test(type)) return LABOUR_COURT;
  if (/eviction|debt recovery|lease/.test(type)) return MAGISTRATES_COURT;
  if (/raf|personal injury|divorce|maintenance/.test(type)) return GAUTENG_PRETORIA;
  return GAUTENG_JOHANNESBURG;
}

const JUDGES = ['Molopa-Sethosa J', 'Neukircher J', 'Davis J', 'Mokose J', 'Kubushi J', 'Baqwa J', 'Tlhapi J'];
/** The stages open matters are spread over (the list's order is the order the cases get them). */
const OPEN_STAGES: TCourtStage[] = ['trial-ready', 'pleadings', 'discovery', 'summons-issued', 'trial-ready', 'discovery', 'pleadings', 'trial-ready'];
// Below R 21 474 836,47 for now: migration 0014 stores claim_amount_cents as a 32-bit integer on
// Postgres (reported to the integrator: the money columns of 0014 should be bigint).
const CLAIMS_RANDS: Record<TPlatform, number[]> = {
  healthcare: [],
  medicolegal: [19_850_000, 2_150_000, 6_800_000, 1_450_000, 16_400_000, 3_900_000, 12_300_000, 980_000],
  legal: [4_250_000, 11_800_000, 650_000, 2_375_000, 1_200_000, 7_500_000, 385_000, 3_100_000],
};

/**
 * The court day on or after (a future date) or on or before (a past one) `offset` days from today;
 * nothing is set down in the December–January recess, so such a date moves past 15 January.
 */
function courtDay(today: string, offset: number): string {
  let day = addCalendarDays(today, offset);
  const step = offset >= 0 ? 1 : -1;
  while (!isCourtDay(day) || inRule19Recess(day)) day = addCalendarDays(day, step);
  return day;
}

const at = (day: string, hhmm: string) => saWallClockToIso(`${day}T${hhmm}`)!;

function hearing(type: THearingType, today: string, offset: number, hhmm: string, venue: string | null, judge: string | null, outcome: string | null = null, minutes: number | null = null): TSampleHearing {
  const startsAt = at(courtDay(today, offset), hhmm);
  return { type, startsAt, endsAt: minutes === null ? null : new Date(Date.parse(startsAt) + minutes * 60_000).toISOString(), venue, judge, outcome };
}

/**
 * The court matter of the `index`-th litigation case of a platform (its position among the
 * organisation's cases), or null for a case with none (not litigation, or not started yet).
 * `today` is the South African day 'YYYY-MM-DD' the dates are drawn around.
 */
export function sampleCourtMatter(platform: TPlatform, index: number, kase: TSampleCourtCase, today: string): TSampleCourtMatter | null {
  const forum = forumOf(platform, kase.caseType);
  if (!forum || kase.status === 'Scheduled') return null;
  const year = Number(today.slice(0, 4)) - (index % 3 === 0 ? 1 : 0);
  const serial = 10_000 + ((index * 7_919 + 3_571) % 60_000);
  const caseNumber = forum.number(serial, year);
  const judge = JUDGES[index % JUDGES.length]!;
  const venue = forum.venue(index % 9 + 1);
  const claims = CLAIMS_RANDS[platform];
  const claimAmountCents = claims.length > 0 ? claims[index % claims.length]! * 100 : null;
  const medicolegal = platform === 'medicolegal';
  // The state is sued for a debt that became due when the harm was done; the claimant knew of it later.
  const debtDueOn = medicolegal ? addCalendarDays(today, -(420 + (index % 5) * 90)) : null;
  const knowledgeOn = medicolegal && index % 2 === 0 ? addCalendarDays(today, -(300 + (index % 4) * 60)) : null;
  const base = {
    court: forum.court,
    division: forum.division,
    caseNumber,
    caselinesReference: forum.caselines ? `CL-${caseNumber.replace(/\D/g, '')}` : null,
    claimAmountCents,
    debtDueOn,
    knowledgeOn,
  };

  if (kase.status === 'Completed') {
    const settled = index % 2 === 0;
    return {
      ...base,
      stage: settled ? 'settled' : 'judgment',
      trialScope: 'merits-and-quantum',
      summonsServedOn: addCalendarDays(today, -(400 + index * 11)),
      hearings: [
        hearing('trial', today, -(20 + index * 3), '10:00', venue, judge,
          settled ? 'Settled at the door of the court; draft order made an order of court' : 'Judgment for the plaintiff on merits and quantum, with costs'),
      ],
    };
  }

  const stage = OPEN_STAGES[index % OPEN_STAGES.length]!;
  const hearings: TSampleHearing[] = [];
  let summonsServedOn: string | null = addCalendarDays(today, -(180 + index * 13));
  let trialScope: TTrialScope | null = null;
  if (stage === 'summons-issued') {
    // Served last week: the Rule 19 period to defend is running.
    summonsServedOn = addCalendarDays(today, -(4 + (index % 4)));
  } else if (stage === 'pleadings') {
    hearings.push(hearing('motion', today, -(12 + index), '10:00', venue, JUDGES[(index + 3) % JUDGES.length]!, 'Exception dismissed with costs; plea to be delivered within 15 court days', 120));
  } else if (stage === 'discovery') {
    hearings.push(hearing('judicial-case-management', today, 9 + ((index * 3) % 11), '09:30', 'Chambers (virtual, MS Teams)', judge, null, 30));
    if (index % 2 === 1) hearings.push(hearing('trial', today, 95 + (index % 3) * 10, '10:00', venue, null));
  } else if (stage === 'trial-ready') {
    trialScope = index % 3 === 0 ? 'merits' : 'merits-and-quantum';
    hearings.push(hearing('judicial-case-management', today, -(30 + index), '09:30', 'Chambers (virtual, MS Teams)', judge, 'Matter certified trial-ready; trial date to be allocated by the Registrar', 30));
    const meeting = medicolegal ? "Plaintiff's attorneys, Hatfield, Pretoria" : 'Virtual (MS Teams)';
    hearings.push(hearing('pre-trial', today, 5 + ((index * 5) % 17), '14:00', meeting, null, null, 90));
    hearings.push(hearing('trial', today, 32 + ((index * 19) % 90), '10:00', venue, judge));
    if (medicolegal && index % 2 === 0) hearings.push(hearing('mediation', today, 14 + index, '09:00', 'Rule 41A mediation, Hatfield', null, null, 240));
  }
  return { ...base, stage, trialScope, summonsServedOn, hearings };
}
