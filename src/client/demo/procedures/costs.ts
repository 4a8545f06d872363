import { openCase } from './case-file-state';
import {
  MY_TIME_ENTRIES_DEFAULT,
  type TCaseCostSummary,
  type TStaffHourlyRate,
  type TTimeEntry,
  ZAddHourlyRateInput,
  ZCaseCostSummaryListInput,
  ZCaseIdInput,
  ZListMyTimeEntriesInput,
  ZStaffUserIdInput,
  ZRecordPastTimeInput,
  ZStartTimeEntryInput,
  ZTimeEntryIdInput,
  centsToRands,
  minutesToHours,
  randsToCents,
} from '../../../shared/domain/costs';
import { dayKey } from '../../../shared/calendar';
import { can } from '../../../shared/roles';
import { type DemoContext, personById } from '../context';
import { DemoError, badRequest, conflict, notFound } from '../demo-error';
import { demoRates, demoTimeEntries, rateRow, timeEntry } from '../fixtures/costs';
import { type DemoProcedures, procedure } from '../procedure';
import { allCases } from './cases';

// Cost Management (SPEC §2.12): rates in force today, time on cases and the per-case figures,
// computed from the demo rows the way the server computes them from its tables.

function allRates(ctx: DemoContext): TStaffHourlyRate[] {
  return ctx.overlay.merge('rates', demoRates(ctx.members, ctx.anchor));
}

function rateInForce(ctx: DemoContext, userId: string, day: string): TStaffHourlyRate | undefined {
  // Later overlay rows win a same-day tie: merge() keeps write order after the fixtures.
  return allRates(ctx)
    .filter((r) => r.userId === userId && r.effectiveDate <= day)
    .reduce<TStaffHourlyRate | undefined>((best, r) => (!best || r.effectiveDate >= best.effectiveDate ? r : best), undefined);
}

export function allTimeEntries(ctx: DemoContext): TTimeEntry[] {
  const cases = allCases(ctx);
  return ctx.overlay.merge('timeEntries', demoTimeEntries(cases, ctx.members, ctx.anchor, ctx.platform !== 'healthcare'));
}

const latestFirst = (a: TTimeEntry, b: TTimeEntry) => b.startTime.localeCompare(a.startTime) || a.id.localeCompare(b.id);

function summaries(ctx: DemoContext): TCaseCostSummary[] {
  const byCase = new Map<string, TTimeEntry[]>();
  for (const entry of allTimeEntries(ctx)) byCase.set(entry.caseId, [...(byCase.get(entry.caseId) ?? []), entry]);
  const cases = new Map(allCases(ctx).map((c) => [c.id, c]));
  return [...byCase.entries()]
    .flatMap(([caseId, entries]) => {
      const kase = cases.get(caseId);
      if (!kase) return [];
      const cents = (role?: string) => entries.filter((e) => !role || e.role === role).reduce((sum, e) => sum + e.totalCostCents, 0);
      const total = cents();
      const doctor = cents('Doctor');
      const nurse = cents('Nurse');
      const manager = cents('Case Manager');
      const other = total - doctor - nurse - manager;
      return [{
        caseId,
        patientName: kase.patientName,
        caseType: kase.caseType,
        totalCost: centsToRands(total),
        totalCostCents: total,
        totalHours: minutesToHours(entries.reduce((sum, e) => sum + (e.durationMinutes ?? 0), 0)),
        doctorCost: centsToRands(doctor),
        doctorCostCents: doctor,
        nurseCost: centsToRands(nurse),
        nurseCostCents: nurse,
        caseManagerCost: centsToRands(manager),
        caseManagerCostCents: manager,
        otherCost: centsToRands(other),
        otherCostCents: other,
        entryCount: entries.length,
      }];
    })
    .sort((a, b) => a.patientName.localeCompare(b.patientName) || a.caseId.localeCompare(b.caseId));
}

export const costsProcedures = {
  'costs.listRates': procedure({
    input: null,
    capability: 'costs.view',
    run(ctx) {
      const today = dayKey();
      return ctx.members
        .map((m) => rateInForce(ctx, m.id, today))
        .filter((r): r is TStaffHourlyRate => r !== undefined)
        .sort((a, b) => a.userName.localeCompare(b.userName));
    },
  }),

  'costs.rateHistory': procedure({
    input: ZStaffUserIdInput,
    capability: 'costs.view',
    run(ctx, input) {
      const rows = allRates(ctx).filter((r) => r.userId === input.userId);
      if (!personById(ctx, input.userId) && rows.length === 0) throw notFound('Staff member');
      return rows.reverse().sort((a, b) => b.effectiveDate.localeCompare(a.effectiveDate));
    },
  }),

  'costs.addRate': procedure({
    input: ZAddHourlyRateInput,
    capability: 'costs.manage',
    run(ctx, input) {
      const person = personById(ctx, input.userId);
      if (!person) {
        const message = 'Choose a staff member of your organisation';
        throw badRequest(message, { userId: message });
      }
      if (person.role === 'Patient') {
        const message = 'A patient has no hourly rate; choose a staff member';
        throw badRequest(message, { userId: message });
      }
      // One rate per staff member per day: a second one that day corrects the first.
      const sameDay = allRates(ctx).find((r) => r.userId === person.id && r.effectiveDate === input.effectiveDate);
      const row = rateRow(sameDay?.id ?? ctx.newId(), person, input.role ?? person.role, randsToCents(input.hourlyRate), input.effectiveDate);
      return ctx.overlay.put('rates', row);
    },
  }),

  'costs.startTimeEntry': procedure({
    input: ZStartTimeEntryInput,
    capability: 'timeEntries.record',
    run(ctx, input) {
      const kase = allCases(ctx).find((c) => c.id === input.caseId);
      if (!kase) throw notFound('Case');
      if (allTimeEntries(ctx).some((e) => e.caseId === kase.id && e.userId === ctx.me.id && e.endTime === null)) {
        throw conflict('You already have time running on this case; stop it first');
      }
      const now = ctx.nowIso();
      const rate = rateInForce(ctx, ctx.me.id, dayKey(now));
      if (!rate) throw conflict('No hourly rate set for you; ask an administrator');
      const entry = timeEntry(ctx.newId(), kase, ctx.me, ctx.identity.role, rate.hourlyRateCents, now, null, input.description ?? 'Patient care');
      return ctx.overlay.put('timeEntries', entry);
    },
  }),

  // Issue 18: time added afterwards from the case page — own time, ended by now, the day's rate.
  'costs.recordPastTime': procedure({
    input: ZRecordPastTimeInput,
    capability: 'timeEntries.record',
    run(ctx, input) {
      const kase = openCase(ctx, input.caseId);
      const endMs = Date.parse(input.startTime) + input.durationMinutes * 60_000;
      if (endMs > Date.now()) {
        const message = 'Past time must have ended by now; use the timer for time running now';
        throw badRequest(message, { startTime: message });
      }
      const rate = rateInForce(ctx, ctx.me.id, dayKey(input.startTime));
      if (!rate) throw conflict('No hourly rate was set for you on that day; ask an administrator');
      const entry = timeEntry(ctx.newId(), kase, ctx.me, ctx.identity.role, rate.hourlyRateCents, input.startTime, input.durationMinutes, input.description ?? 'Patient care');
      return ctx.overlay.put('timeEntries', entry);
    },
  }),

  'costs.stopTimeEntry': procedure({
    input: ZTimeEntryIdInput,
    capability: 'timeEntries.record',
    run(ctx, input) {
      const entry = allTimeEntries(ctx).find((e) => e.id === input.id);
      if (!entry) throw notFound('Time entry');
      if (entry.userId !== ctx.me.id && !can({ role: ctx.identity.role, isSuperAdmin: ctx.isSuperAdmin }, 'costs.manage')) {
        throw new DemoError('FORBIDDEN', 'Only the person who started this time entry can stop it');
      }
      if (entry.endTime !== null) throw conflict('This time entry is already stopped');
      const minutes = Math.max(0, Math.round((Date.now() - Date.parse(entry.startTime)) / 60_000));
      const person = personById(ctx, entry.userId) ?? ctx.me;
      const stopped = timeEntry(entry.id, { id: entry.caseId, patientName: entry.patientName }, person, entry.role, entry.hourlyRateCents, entry.startTime, minutes, entry.description);
      return ctx.overlay.put('timeEntries', stopped);
    },
  }),

  'costs.listMyTimeEntries': procedure({
    input: ZListMyTimeEntriesInput,
    capability: 'timeEntries.record',
    run(ctx, input) {
      // ?caseId= (issue 18): the visitor's own entries on one case, through need to know as on the server.
      const caseId = input?.caseId ? openCase(ctx, input.caseId).id : null;
      return allTimeEntries(ctx)
        .filter((e) => e.userId === ctx.me.id && (!caseId || e.caseId === caseId))
        .sort(latestFirst)
        .slice(0, input?.limit ?? MY_TIME_ENTRIES_DEFAULT);
    },
  }),

  'costs.caseSummaries': procedure({
    input: ZCaseCostSummaryListInput,
    capability: 'costs.view',
    run(ctx, input) {
      const all = summaries(ctx);
      const from = (input.page - 1) * input.pageSize;
      return { items: all.slice(from, from + input.pageSize), total: all.length, page: input.page, pageSize: input.pageSize };
    },
  }),

  'costs.caseDetails': procedure({
    input: ZCaseIdInput,
    capability: 'costs.view',
    run(ctx, input) {
      if (!allCases(ctx).some((c) => c.id === input.caseId)) throw notFound('Case');
      return allTimeEntries(ctx).filter((e) => e.caseId === input.caseId).sort(latestFirst);
    },
  }),
} satisfies Partial<DemoProcedures>;
