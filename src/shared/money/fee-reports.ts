import type { TFeeNote } from '../domain/fee-notes';
import type { TFeeDebtorRow, TFeeDebtors, TFeeEarnerFees, TFeesByFeeEarner, TFeeStatement, TFeeStatementEntry, TWipReport } from '../domain/fee-reports';
import { type TAgeing, ageBucketOf, emptyAgeing } from '../domain/medical-accounts';
import { groupBy } from '../group-by';
import { monthsOf, percentOf, targetForPeriod } from './fee-period';

// The fee reports' rules (issue 34, decision 0067), pure, so the server (from SQL sums) and demo mode
// (from its rows) build the same figures: a fee note's owing is aged by its issue date with the one
// bucket rule of the medical accounts (ageBucketOf); debtors are grouped per client, largest first,
// and the totals are the sum of every row — which are the clients' statements' balances.

const sumOf = <T>(items: readonly T[], value: (item: T) => number) => items.reduce((sum, item) => sum + value(item), 0);

// ── Aged debtors ─────────────────────────────────────────────────────────────────────────────────

/** One issued fee note with something owing. */
export interface TOwingFeeNote {
  clientId: string | null;
  client: string;
  issuedOn: string;
  owingCents: number;
}

export interface TFeeDebtorRows {
  rows: TFeeDebtorRow[];
  totals: TFeeDebtors['totals'];
}

/** A client is their person record, or — billed by name only — their name. */
const clientKey = (n: { clientId: string | null; client: string }) => n.clientId ?? `name:${n.client}`;

/** Every client's row, largest balance first (ties by name), and the totals of all of them. */
export function feeDebtorRowsOf(notes: readonly TOwingFeeNote[], asOf: string): TFeeDebtorRows {
  const byClient = new Map<string, TFeeDebtorRow>();
  for (const note of notes) {
    if (note.owingCents === 0) continue;
    const key = clientKey(note);
    const row = byClient.get(key) ?? { clientId: note.clientId, client: note.client, feeNotes: 0, ...emptyAgeing(), totalCents: 0 };
    row[ageBucketOf(note.issuedOn, asOf)] += note.owingCents;
    row.feeNotes += 1;
    row.totalCents += note.owingCents;
    byClient.set(key, row);
  }
  const rows = [...byClient.values()].sort(
    (a, b) => b.totalCents - a.totalCents || a.client.localeCompare(b.client) || clientKey(a).localeCompare(clientKey(b)),
  );
  const total = (key: keyof TAgeing | 'totalCents') => sumOf(rows, (r) => r[key]);
  return {
    rows,
    totals: { current: total('current'), d30: total('d30'), d60: total('d60'), d90: total('d90'), d120: total('d120'), totalCents: total('totalCents') },
  };
}

/** The report: the first `limit` rows (every row with null), how many clients owe, the totals of all. */
export function feeDebtorsReport(all: TFeeDebtorRows, asOf: string, limit: number | null): TFeeDebtors {
  return { asOf, debtors: all.rows.length, rows: limit === null ? all.rows : all.rows.slice(0, limit), totals: all.totals };
}

// ── Work in progress ─────────────────────────────────────────────────────────────────────────────

/** A matter × fee earner sum of unbilled time, or (no fee earner) a matter's unbilled disbursements. */
export interface TWipItem {
  caseId: string;
  feeEarnerId: string | null;
  timeCents: number;
  minutes: number;
  disbursementsCents: number;
  oldestDate: string;
}

type Named = { matter(caseId: string): { caseReference: string | null; client: string }; feeEarner(userId: string): string };
const older = (a: string, b: string) => (a <= b ? a : b);

/**
 * The WIP report from its items: matters largest first (the first `limit`; every one with null), their
 * rows (fee earners by time, the disbursements last), every fee earner, and the totals of all matters.
 */
export function wipReportOf(items: readonly TWipItem[], asOf: string, limit: number | null, names: Named): TWipReport {
  const byCase = groupBy(items, (i) => i.caseId);
  const byEarner = new Map<string, { cases: Set<string>; timeCents: number; minutes: number; oldestDate: string }>();
  for (const item of items) {
    if (!item.feeEarnerId) continue;
    const earner = byEarner.get(item.feeEarnerId) ?? { cases: new Set<string>(), timeCents: 0, minutes: 0, oldestDate: item.oldestDate };
    earner.cases.add(item.caseId);
    earner.timeCents += item.timeCents;
    earner.minutes += item.minutes;
    earner.oldestDate = older(earner.oldestDate, item.oldestDate);
    byEarner.set(item.feeEarnerId, earner);
  }
  const matters = [...byCase.entries()].map(([caseId, group]) => ({
    caseId,
    group,
    timeCents: sumOf(group, (i) => i.timeCents),
    minutes: sumOf(group, (i) => i.minutes),
    disbursementsCents: sumOf(group, (i) => i.disbursementsCents),
    oldestDate: group.map((i) => i.oldestDate).reduce(older),
  }));
  matters.sort(
    (a, b) =>
      b.timeCents + b.disbursementsCents - (a.timeCents + a.disbursementsCents) || a.oldestDate.localeCompare(b.oldestDate) || a.caseId.localeCompare(b.caseId),
  );
  const shown = limit === null ? matters : matters.slice(0, limit);
  const rowOrder = (a: TWipItem, b: TWipItem) =>
    Number(a.feeEarnerId === null) - Number(b.feeEarnerId === null) || b.timeCents - a.timeCents || (a.feeEarnerId ?? '').localeCompare(b.feeEarnerId ?? '');
  return {
    asOf,
    byMatter: shown.map(({ group: _group, ...m }) => ({ ...m, ...names.matter(m.caseId), totalCents: m.timeCents + m.disbursementsCents })),
    rows: shown.flatMap((m) =>
      [...m.group].sort(rowOrder).map((i) => ({ ...i, ...names.matter(i.caseId), feeEarner: i.feeEarnerId ? names.feeEarner(i.feeEarnerId) : null })),
    ),
    byFeeEarner: [...byEarner.entries()]
      .map(([feeEarnerId, e]) => ({
        feeEarnerId,
        feeEarner: names.feeEarner(feeEarnerId),
        matters: e.cases.size,
        timeCents: e.timeCents,
        minutes: e.minutes,
        oldestDate: e.oldestDate,
      }))
      .sort((a, b) => b.timeCents - a.timeCents || a.feeEarner.localeCompare(b.feeEarner)),
    totals: {
      matters: matters.length,
      timeCents: sumOf(matters, (m) => m.timeCents),
      minutes: sumOf(matters, (m) => m.minutes),
      disbursementsCents: sumOf(matters, (m) => m.disbursementsCents),
      totalCents: sumOf(matters, (m) => m.timeCents + m.disbursementsCents),
    },
  };
}

// ── A client's statement ─────────────────────────────────────────────────────────────────────────

type StatementNote = Pick<
  TFeeNote,
  'id' | 'number' | 'caseId' | 'caseReference' | 'issuedOn' | 'status' | 'totalCents' | 'paidCents' | 'owingCents' | 'creditNote'
> & {
  receipts: Pick<TFeeNote['receipts'][number], 'receiptNumber' | 'date' | 'amountCents' | 'reversesId'>[];
};

// On one day: the fee note first, then what paid or reversed it, so the balance never shows a credit it did not have.
const KIND_ORDER: Record<TFeeStatementEntry['kind'], number> = { 'fee-note': 0, reversal: 1, receipt: 2, 'credit-note': 3 };

/**
 * The statement's body from the client's fee notes: a pro-forma is no debt and is left out; an issued
 * (or since credited) fee note is a debit on its issue date, each receipt a credit (a reversal a debit)
 * on its date, a credit note a credit of the whole fee note on its date; the running balance after
 * each; what is owing aged by the issue date of the fee note that owes it.
 */
export function feeStatementOf(notes: readonly StatementNote[], asOf: string): Pick<TFeeStatement, 'feeNotes' | 'entries' | 'ageing' | 'balanceCents'> {
  const billed = notes.filter((n) => n.issuedOn !== null && n.number !== null).sort((a, b) => a.issuedOn!.localeCompare(b.issuedOn!) || a.number! - b.number!);
  const entries: Omit<TFeeStatementEntry, 'balanceCents'>[] = [];
  for (const n of billed) {
    const base = { feeNoteId: n.id, feeNoteNumber: n.number, caseReference: n.caseReference };
    entries.push({ ...base, date: n.issuedOn!, kind: 'fee-note', reference: `Fee note ${n.number}`, debitCents: n.totalCents, creditCents: 0 });
    for (const r of n.receipts) {
      const reversal = r.reversesId !== null;
      entries.push({
        ...base,
        date: r.date,
        kind: reversal ? 'reversal' : 'receipt',
        reference: `Receipt ${r.receiptNumber}`,
        debitCents: reversal ? -r.amountCents : 0,
        creditCents: reversal ? 0 : r.amountCents,
      });
    }
    if (n.creditNote)
      entries.push({
        ...base,
        date: n.creditNote.date,
        kind: 'credit-note',
        reference: `Credit note ${n.creditNote.number}`,
        debitCents: 0,
        creditCents: n.totalCents,
      });
  }
  entries.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      (a.feeNoteNumber ?? 0) - (b.feeNoteNumber ?? 0) ||
      a.reference.localeCompare(b.reference),
  );
  let balance = 0;
  const ageing = emptyAgeing();
  for (const n of billed) if (n.owingCents !== 0) ageing[ageBucketOf(n.issuedOn!, asOf)] += n.owingCents;
  return {
    feeNotes: billed.map((n) => ({
      id: n.id,
      number: n.number,
      caseId: n.caseId,
      caseReference: n.caseReference,
      issuedOn: n.issuedOn,
      status: n.status,
      totalCents: n.totalCents,
      paidCents: n.paidCents,
      owingCents: n.owingCents,
    })),
    entries: entries.map((e) => ({ ...e, balanceCents: (balance += e.debitCents - e.creditCents) })),
    ageing,
    balanceCents: balance,
  };
}

// ── Fees billed against target ───────────────────────────────────────────────────────────────────

export type TCentsAndMinutes = { cents: number; minutes: number };
/** One fee earner's sums over the period: fee lines billed and credited, time recorded; their monthly target. */
export interface TFeeEarnerSums {
  billed?: TCentsAndMinutes;
  credited?: TCentsAndMinutes;
  recorded?: TCentsAndMinutes;
  monthlyTargetCents?: number | null;
}

/** The report from each fee earner's sums: net billed (billed − credited) against the target for the period, largest first. */
export function feesByFeeEarnerOf(sums: ReadonlyMap<string, TFeeEarnerSums>, nameOf: (userId: string) => string, from: string, to: string): TFeesByFeeEarner {
  const none: TCentsAndMinutes = { cents: 0, minutes: 0 };
  const rows: TFeeEarnerFees[] = [...sums.entries()].map(([id, s]) => {
    const [b, c, r] = [s.billed ?? none, s.credited ?? none, s.recorded ?? none];
    const monthly = s.monthlyTargetCents ?? null;
    const targetCents = monthly === null ? null : targetForPeriod(monthly, from, to);
    const net = b.cents - c.cents;
    return {
      feeEarnerId: id,
      feeEarner: nameOf(id),
      monthlyTargetCents: monthly,
      targetCents,
      billedCents: b.cents,
      creditedCents: c.cents,
      netBilledCents: net,
      targetPercent: percentOf(net, targetCents),
      recordedMinutes: r.minutes,
      recordedCents: r.cents,
      billedMinutes: b.minutes - c.minutes,
    };
  });
  rows.sort((a, b) => b.netBilledCents - a.netBilledCents || a.feeEarner.localeCompare(b.feeEarner) || a.feeEarnerId.localeCompare(b.feeEarnerId));
  const sum = (value: (r: TFeeEarnerFees) => number) => sumOf(rows, value);
  const targetCents = sum((r) => r.targetCents ?? 0);
  const totals = {
    targetCents,
    billedCents: sum((r) => r.billedCents),
    creditedCents: sum((r) => r.creditedCents),
    netBilledCents: sum((r) => r.netBilledCents),
    // Against the targets that are set: a fee earner without one adds fees but no target.
    targetPercent: percentOf(
      sum((r) => (r.targetCents === null ? 0 : r.netBilledCents)),
      targetCents,
    ),
    recordedMinutes: sum((r) => r.recordedMinutes),
    recordedCents: sum((r) => r.recordedCents),
    billedMinutes: sum((r) => r.billedMinutes),
  };
  return { from, to, months: monthsOf(from, to), rows, totals };
}
