import type { z } from 'zod';
import { dayKey } from '../../../shared/calendar';
import {
  type TFeeStatement,
  type TFeeTarget,
  ZFeeDebtorsInput,
  ZFeeStatementInput,
  ZFeesByFeeEarnerInput,
  ZSetFeeTargetRequest,
  ZWipReportInput,
} from '../../../shared/domain/fee-reports';
import { periodOf } from '../../../shared/money/fee-period';
import {
  type TFeeEarnerSums,
  type TWipItem,
  feeDebtorRowsOf,
  feeDebtorsReport,
  feeStatementOf,
  feesByFeeEarnerOf,
  wipReportOf,
} from '../../../shared/money/fee-reports';
import { can } from '../../../shared/roles';
import { type DemoContext, nameOf } from '../context';
import { notFound } from '../demo-error';
import { type DemoProcedures, procedure } from '../procedure';
import { readableCases } from './case-file-state';
import { allCases } from './cases';
import { allTimeEntries } from './costs';
import { allDisbursements, allFeeNoteViews, billedWork, requireBillingFirm } from './fee-notes';
import { findPerson } from './people-state';

// The fee reports in demo mode (issue 34, decision 0067), built by the server's own rules
// (shared/money/fee-reports.ts) from the demo's time, disbursements and fee notes: work in progress,
// aged debtors by issue date, fees billed against target, targets, a client's statement. Finance
// Staff and the Director (fees.manage); the matters the visitor may not read are left out. A demo
// fee note's fixed fee names no fee earner: it counts for the visitor, who bills in the demo (the
// server counts a fixed fee for whoever billed it).

const feature = 'feeNotes' as const;
const capability = 'fees.manage' as const;

interface TargetRow {
  id: string;
  monthlyTargetCents: number | null;
  updatedAt: string;
}

const readable = (ctx: DemoContext) => new Set(readableCases(ctx).map((c) => c.id));
const earnerName = (ctx: DemoContext) => {
  const fromEntries = new Map(allTimeEntries(ctx).map((t) => [t.userId, t.userName]));
  return (userId: string) => nameOf(ctx, userId) ?? fromEntries.get(userId) ?? 'Former member';
};

function matterNames(ctx: DemoContext) {
  const cases = new Map(allCases(ctx).map((c) => [c.id, c]));
  return (caseId: string) => {
    const kase = cases.get(caseId);
    const person = kase?.personId ? findPerson(ctx, kase.personId) : undefined;
    return { caseReference: kase?.reference ?? null, client: person?.fullName ?? kase?.patientName ?? '' };
  };
}

function wip(ctx: DemoContext, input: z.output<typeof ZWipReportInput>) {
  requireBillingFirm(ctx);
  const open = readable(ctx);
  const billed = billedWork(ctx);
  const items = new Map<string, TWipItem>();
  const add = (item: TWipItem) => {
    const key = `${item.caseId}|${item.feeEarnerId ?? ''}`;
    const had = items.get(key);
    items.set(
      key,
      had
        ? {
            ...had,
            timeCents: had.timeCents + item.timeCents,
            minutes: had.minutes + item.minutes,
            disbursementsCents: had.disbursementsCents + item.disbursementsCents,
            oldestDate: had.oldestDate < item.oldestDate ? had.oldestDate : item.oldestDate,
          }
        : item,
    );
  };
  for (const t of allTimeEntries(ctx)) {
    if (t.durationMinutes === null || billed.time.has(t.id) || !open.has(t.caseId)) continue;
    add({
      caseId: t.caseId,
      feeEarnerId: t.userId,
      timeCents: t.totalCostCents,
      minutes: t.durationMinutes,
      disbursementsCents: 0,
      oldestDate: dayKey(t.startTime),
    });
  }
  for (const d of allDisbursements(ctx)) {
    if (billed.disbursements.has(d.id) || !open.has(d.caseId)) continue;
    add({ caseId: d.caseId, feeEarnerId: null, timeCents: 0, minutes: 0, disbursementsCents: d.amountCents, oldestDate: d.date });
  }
  return wipReportOf([...items.values()], dayKey(), input.format === 'csv' ? null : input.limit, { matter: matterNames(ctx), feeEarner: earnerName(ctx) });
}

function agedDebtors(ctx: DemoContext, input: z.output<typeof ZFeeDebtorsInput>) {
  requireBillingFirm(ctx);
  const open = readable(ctx);
  const cases = new Map(allCases(ctx).map((c) => [c.id, c]));
  const asOf = dayKey();
  const owing = allFeeNoteViews(ctx)
    .filter((n) => n.status === 'issued' && open.has(n.caseId))
    .map((n) => {
      const personId = cases.get(n.caseId)?.personId ?? null;
      const person = personId ? findPerson(ctx, personId) : undefined;
      return { clientId: person ? personId : null, client: person?.fullName ?? n.client.name, issuedOn: n.issuedOn ?? asOf, owingCents: n.owingCents };
    });
  return feeDebtorsReport(feeDebtorRowsOf(owing, asOf), asOf, input.format === 'csv' ? null : input.limit);
}

function feesByFeeEarner(ctx: DemoContext, input: z.output<typeof ZFeesByFeeEarnerInput>) {
  requireBillingFirm(ctx);
  const { from, to } = periodOf(input, dayKey());
  const open = readable(ctx);
  const within = (day: string | null | undefined) => !!day && day >= from && day <= to;
  const entries = allTimeEntries(ctx);
  const userOfEntry = new Map(entries.map((t) => [t.id, t.userId]));
  const sums = new Map<string, TFeeEarnerSums>();
  const add = (userId: string, key: 'billed' | 'credited' | 'recorded', cents: number, minutes: number) => {
    const had = sums.get(userId) ?? {};
    const was = had[key] ?? { cents: 0, minutes: 0 };
    sums.set(userId, { ...had, [key]: { cents: was.cents + cents, minutes: was.minutes + minutes } });
  };
  for (const note of allFeeNoteViews(ctx)) {
    if (note.number === null || !open.has(note.caseId)) continue;
    for (const line of note.lines) {
      if (line.kind === 'disbursement') continue;
      const userId = (line.timeEntryId && userOfEntry.get(line.timeEntryId)) || ctx.me.id;
      if (within(note.issuedOn)) add(userId, 'billed', line.amountCents, line.minutes ?? 0);
      if (within(note.creditNote?.date)) add(userId, 'credited', line.amountCents, line.minutes ?? 0);
    }
  }
  for (const t of entries)
    if (t.durationMinutes !== null && open.has(t.caseId) && within(dayKey(t.startTime))) add(t.userId, 'recorded', t.totalCostCents, t.durationMinutes);
  for (const target of ctx.overlay.rows<TargetRow>('feeTargets')) {
    if (target.monthlyTargetCents !== null) sums.set(target.id, { ...sums.get(target.id), monthlyTargetCents: target.monthlyTargetCents });
  }
  return feesByFeeEarnerOf(sums, earnerName(ctx), from, to);
}

function targets(ctx: DemoContext): TFeeTarget[] {
  requireBillingFirm(ctx);
  const rows = new Map(ctx.overlay.rows<TargetRow>('feeTargets').map((r) => [r.id, r]));
  return ctx.members
    .filter((m) => rows.get(m.id)?.monthlyTargetCents != null || can({ role: m.role }, 'fees.record'))
    .map((m) => ({
      userId: m.id,
      name: nameOf(ctx, m.id) ?? `${m.firstName} ${m.lastName}`,
      role: m.role,
      monthlyTargetCents: rows.get(m.id)?.monthlyTargetCents ?? null,
      updatedAt: rows.get(m.id)?.updatedAt ?? null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function setTarget(ctx: DemoContext, input: z.output<typeof ZSetFeeTargetRequest>): TFeeTarget {
  requireBillingFirm(ctx);
  if (!ctx.members.some((m) => m.id === input.userId)) throw notFound('Member');
  ctx.overlay.put<TargetRow>('feeTargets', { id: input.userId, monthlyTargetCents: input.monthlyTargetCents, updatedAt: ctx.nowIso() });
  return (
    targets(ctx).find((t) => t.userId === input.userId) ?? {
      userId: input.userId,
      name: nameOf(ctx, input.userId) ?? '',
      role: '',
      monthlyTargetCents: input.monthlyTargetCents,
      updatedAt: ctx.nowIso(),
    }
  );
}

function statement(ctx: DemoContext, personId: string): TFeeStatement {
  const settings = requireBillingFirm(ctx);
  const person = findPerson(ctx, personId);
  if (!person) throw notFound('Person');
  const open = readable(ctx);
  const theirs = new Set(
    allCases(ctx)
      .filter((c) => c.personId === personId && open.has(c.id))
      .map((c) => c.id),
  );
  const asOf = dayKey();
  return {
    asOf,
    firm: { name: settings.firmName, address: settings.address, vatNumber: settings.vatNumber, bankDetails: settings.bankDetails },
    client: { personId, name: person.fullName, address: person.address, vatNumber: null },
    ...feeStatementOf(
      allFeeNoteViews(ctx).filter((n) => theirs.has(n.caseId)),
      asOf,
    ),
  };
}

export const feeReportsProcedures = {
  'feeReports.wip': procedure({ input: ZWipReportInput, capability, feature, run: wip }),
  'feeReports.agedDebtors': procedure({ input: ZFeeDebtorsInput, capability, feature, run: agedDebtors }),
  'feeReports.feesByFeeEarner': procedure({ input: ZFeesByFeeEarnerInput, capability, feature, run: feesByFeeEarner }),
  'feeReports.targets': procedure({ input: null, capability, feature, run: (ctx) => ({ items: targets(ctx) }) }),
  'feeReports.setTarget': procedure({ input: ZSetFeeTargetRequest, capability, feature, run: setTarget }),
  'feeReports.statement': procedure({ input: ZFeeStatementInput, capability, feature, run: (ctx, input) => statement(ctx, input.personId) }),
} satisfies Partial<DemoProcedures>;
