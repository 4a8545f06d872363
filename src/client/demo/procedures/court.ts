import { dayKey } from '../../../shared/calendar';
import { trialDayOf } from '../../../shared/deadlines/case-deadline-plan';
import type { TScheduleItem } from '../../../shared/domain/appointments';
import type { TCase } from '../../../shared/domain/cases';
import {
  CITED_PARTY_ROLES,
  type TCourtMatter,
  type TCourtMatterValues,
  ZPutCourtMatterInput,
  courtMatterChanges,
  courtMatterSummary,
} from '../../../shared/domain/court-matters';
import {
  type THearing,
  ZCreateHearingInput,
  ZUpdateHearingInput,
  hearingAsAppointment,
  hearingChanges,
  hearingScheduledSummary,
  hearingUpdateSummary,
} from '../../../shared/domain/hearings';
import { ZCaseIdInput } from '../../../shared/domain/litigation-common';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { type DemoContext, nameOf } from '../context';
import { DemoError, badRequest, notFound } from '../demo-error';
import { type DemoCourtMatterRow, type DemoHearingRow, demoCourtMatters, demoHearings } from '../fixtures/court';
import { type DemoProcedures, procedure } from '../procedure';
import { appendEvent, openCase, readableCases } from './case-file-state';
import { allParties, findPerson } from './people-state';

// The court matter and hearings in demo mode (issue 20), as the server's court services: one court
// matter per case, replaced with the version seen (409 with the current one otherwise); hearings set
// down, moved and given outcomes with versions; each write on the case's timeline; hearings on the
// schedule beside appointments. Fixtures in fixtures/court.ts; this session's writes in the overlay.

const COURT_MATTER_CHANGED = 'This court matter was changed by someone else. Reload to see it as it is now, then make your change again.';
const COURT_MATTER_EXISTS = 'This case already has a court matter (someone recorded it meanwhile). Reload to see it, then make your change again.';
const HEARING_CHANGED = 'This hearing was changed by someone else. Reload to see it as it is now, then make your change again.';
const END_AFTER_START = 'End must be after the start';

const matterRows = (ctx: DemoContext) => ctx.overlay.merge<DemoCourtMatterRow>('courtMatters', demoCourtMatters(ctx.platform, ctx.anchor));
const hearingRows = (ctx: DemoContext) =>
  ctx.overlay
    .merge<DemoHearingRow>('hearings', demoHearings(ctx.platform, ctx.anchor))
    .sort((a, b) => (a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : a.id < b.id ? -1 : 1));

/** The case's plaintiffs and defendants, its own person first as plaintiff (as the server's partiesCited). */
function partiesCited(ctx: DemoContext, kase: TCase): TCourtMatter['partiesCited'] {
  const roles: readonly string[] = CITED_PARTY_ROLES;
  const cited = allParties(ctx)
    .filter((row) => row.caseId === kase.id && roles.includes(row.role))
    .sort((a, b) => a.addedAt.localeCompare(b.addedAt) || a.id.localeCompare(b.id))
    .map((row) => ({ personId: row.personId, name: findPerson(ctx, row.personId)?.fullName ?? 'Unknown person', role: row.role as string }));
  const own = kase.personId ? findPerson(ctx, kase.personId) : undefined;
  if (own && !cited.some((p) => p.personId === own.id)) cited.unshift({ personId: own.id, name: own.fullName, role: 'plaintiff' });
  return cited.sort((a, b) => Number(a.role === 'defendant') - Number(b.role === 'defendant'));
}

function toCourtMatter(ctx: DemoContext, kase: TCase, row: DemoCourtMatterRow): TCourtMatter {
  const { id: _id, updatedById, ...rest } = row;
  return { ...rest, partiesCited: partiesCited(ctx, kase), updatedByName: nameOf(ctx, updatedById) };
}

function toHearing(kase: Pick<TCase, 'patientName' | 'reference'>, row: DemoHearingRow): THearing {
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  return { ...rest, caseName: kase.patientName, caseReference: kase.reference };
}

function currentMatter(ctx: DemoContext, kase: TCase): TCourtMatter | null {
  const row = matterRows(ctx).find((r) => r.caseId === kase.id);
  return row ? toCourtMatter(ctx, kase, row) : null;
}

const stale = (message: string, current: unknown) => new DemoError('CONFLICT', message, undefined, { current });

/** The case's trial date as the server reads it (the next trial hearing, else the latest): experts' 36(9) dates follow it. */
export function demoTrialDayOf(ctx: DemoContext, caseId: string): string | null {
  return trialDayOf(hearingRows(ctx).filter((row) => row.caseId === caseId), dayKey(ctx.anchor));
}

/** The hearing that dates the trial (the next trial hearing, else the latest), or null. */
export function demoTrialHearing(ctx: DemoContext, caseId: string): DemoHearingRow | null {
  const day = demoTrialDayOf(ctx, caseId);
  return day ? (hearingRows(ctx).find((row) => row.caseId === caseId && row.type === 'trial' && dayKey(row.startsAt) === day) ?? null) : null;
}

/** The court matter row of a case in this session, or null. */
export function demoCourtMatterRow(ctx: DemoContext, caseId: string): DemoCourtMatterRow | null {
  return matterRows(ctx).find((r) => r.caseId === caseId) ?? null;
}

/** The court matter's trigger dates (service, debt due, knowledge) for the deadline plan, or null. */
export function demoCourtMatterDates(ctx: DemoContext, caseId: string): Pick<DemoCourtMatterRow, 'summonsServedOn' | 'debtDueOn' | 'knowledgeOn'> | null {
  const row = matterRows(ctx).find((r) => r.caseId === caseId);
  return row ? { summonsServedOn: row.summonsServedOn, debtDueOn: row.debtDueOn, knowledgeOn: row.knowledgeOn } : null;
}

/** The hearings the schedule shows (appointments.list / upcoming): readable cases only, on a platform with court cases. */
export function hearingsOnDemoSchedule(ctx: DemoContext, options: { caseId?: string | null } = {}): TScheduleItem[] {
  if (!PLATFORM_CONFIG[ctx.platform].features.courtCases) return [];
  const cases = new Map(readableCases(ctx).map((c) => [c.id, c]));
  const matters = new Map(matterRows(ctx).map((m) => [m.caseId, m]));
  const now = ctx.nowIso();
  return hearingRows(ctx)
    .filter((row) => cases.has(row.caseId) && (!options.caseId || row.caseId === options.caseId))
    .map((row) => hearingAsAppointment({ ...toHearing(cases.get(row.caseId)!, row), createdAt: row.createdAt, updatedAt: row.updatedAt, caseNumber: matters.get(row.caseId)?.caseNumber ?? null }, now));
}

export const courtProcedures = {
  'courtMatter.get': procedure({
    input: ZCaseIdInput,
    capability: 'caseFile.view',
    feature: 'courtCases',
    run: (ctx, input) => ({ courtMatter: currentMatter(ctx, openCase(ctx, input.id)) }),
  }),

  'courtMatter.put': procedure({
    input: ZPutCourtMatterInput,
    capability: 'caseFile.write',
    feature: 'courtCases',
    run(ctx, input) {
      const kase = openCase(ctx, input.id);
      const before = currentMatter(ctx, kase);
      if (before && input.expectedVersion === undefined) throw stale(COURT_MATTER_EXISTS, before);
      if (before && input.expectedVersion !== before.version) throw stale(COURT_MATTER_CHANGED, before);
      const { id: _id, expectedVersion: _v, ...values } = input;
      const after: TCourtMatterValues = values;
      const changes = courtMatterChanges(before, after);
      if (before && changes.length === 0) return before;
      const now = ctx.nowIso();
      ctx.overlay.put<DemoCourtMatterRow>('courtMatters', {
        id: kase.id, caseId: kase.id, ...after, version: (before?.version ?? 0) + 1, updatedAt: now, updatedById: ctx.me.id,
      });
      appendEvent(ctx, kase.id, 'court-matter.updated', courtMatterSummary(before, after, changes), changes);
      return currentMatter(ctx, kase)!;
    },
  }),

  'hearings.list': procedure({
    input: ZCaseIdInput,
    capability: 'caseFile.view',
    feature: 'courtCases',
    run(ctx, input) {
      const kase = openCase(ctx, input.id);
      return { items: hearingRows(ctx).filter((row) => row.caseId === kase.id).map((row) => toHearing(kase, row)) };
    },
  }),

  'hearings.create': procedure({
    input: ZCreateHearingInput,
    capability: 'caseFile.write',
    feature: 'courtCases',
    run(ctx, input) {
      const kase = openCase(ctx, input.id);
      const now = ctx.nowIso();
      const row = ctx.overlay.put<DemoHearingRow>('hearings', {
        id: ctx.newId(), caseId: kase.id, type: input.type, startsAt: input.startsAt, endsAt: input.endsAt, venue: input.venue, judge: input.judge,
        outcome: null, notes: input.notes, version: 1, createdAt: now, updatedAt: now,
      });
      appendEvent(ctx, kase.id, 'hearing.scheduled', hearingScheduledSummary(input));
      return toHearing(kase, row);
    },
  }),

  'hearings.update': procedure({
    input: ZUpdateHearingInput,
    capability: 'caseFile.write',
    feature: 'courtCases',
    run(ctx, input) {
      const row = hearingRows(ctx).find((r) => r.id === input.id);
      if (!row) throw notFound('Hearing');
      const kase = openCase(ctx, row.caseId);
      const before = toHearing(kase, row);
      if (input.expectedVersion !== before.version) throw stale(HEARING_CHANGED, before);
      const pick = <T,>(value: T | undefined, stored: T): T => (value === undefined ? stored : value);
      const after: THearing = {
        ...before,
        type: pick(input.type, before.type),
        startsAt: pick(input.startsAt, before.startsAt),
        endsAt: pick(input.endsAt, before.endsAt),
        venue: pick(input.venue, before.venue),
        judge: pick(input.judge, before.judge),
        outcome: pick(input.outcome, before.outcome),
        notes: pick(input.notes, before.notes),
      };
      if (after.endsAt && after.endsAt <= after.startsAt) {
        const field = input.endsAt !== undefined ? 'endsAt' : 'startsAt';
        const message = field === 'endsAt' ? END_AFTER_START : 'Start must be before the end; move the end too';
        throw badRequest(message, { [field]: message });
      }
      const changes = hearingChanges(before, after);
      if (changes.length === 0) return before;
      const { caseName: _n, caseReference: _r, ...stored } = after;
      const saved = ctx.overlay.put<DemoHearingRow>('hearings', { ...stored, version: before.version + 1, createdAt: row.createdAt, updatedAt: ctx.nowIso() });
      appendEvent(ctx, kase.id, 'hearing.updated', hearingUpdateSummary(before, after, changes), changes);
      return toHearing(kase, saved);
    },
  }),
} satisfies Partial<DemoProcedures>;
