import { csvLine } from '../../../shared/csv';
import { randsText } from '../../../shared/domain/billing';
import type { TFeeDebtors, TFeesByFeeEarner, TWipReport } from '../../../shared/domain/fee-reports';

// The fee reports as spreadsheets (issue 34): a header, one row per line of the report, a total row;
// amounts in rands with two decimals, hours to two; CRLF line ends (RFC 4180). The JSON's `rows` are
// the ones rendered: a CSV request asks the service for every row (no limit).

const hours = (minutes: number) => (minutes / 60).toFixed(2);
const lines = (rows: (string | number | null)[][]) => `${rows.map((r) => csvLine(r)).join('\r\n')}\r\n`;
const ageing = (r: { current: number; d30: number; d60: number; d90: number; d120: number; totalCents: number }) =>
  [r.current, r.d30, r.d60, r.d90, r.d120, r.totalCents].map(randsText);

export const WIP_CSV_HEADER = ['Matter', 'Client', 'Fee earner', 'Hours', 'Time (ZAR)', 'Disbursements (ZAR)', 'Oldest item'];

export function wipCsv(report: TWipReport): string {
  return lines([
    WIP_CSV_HEADER,
    ...report.rows.map((r) => [
      r.caseReference ?? '',
      r.client,
      r.feeEarner ?? 'Disbursements',
      hours(r.minutes),
      randsText(r.timeCents),
      randsText(r.disbursementsCents),
      r.oldestDate,
    ]),
    [
      'Total',
      `${report.totals.matters} matters`,
      '',
      hours(report.totals.minutes),
      randsText(report.totals.timeCents),
      randsText(report.totals.disbursementsCents),
      '',
    ],
  ]);
}

export const FEE_DEBTORS_CSV_HEADER = ['Client', 'Fee notes', 'Current', '30 days', '60 days', '90 days', '120+ days', 'Total (ZAR)'];

export function feeDebtorsCsv(report: TFeeDebtors): string {
  return lines([
    FEE_DEBTORS_CSV_HEADER,
    ...report.rows.map((r) => [r.client, r.feeNotes, ...ageing(r)]),
    ['Total', report.rows.reduce((s, r) => s + r.feeNotes, 0), ...ageing(report.totals)],
  ]);
}

export const FEES_BY_FEE_EARNER_CSV_HEADER = [
  'Fee earner',
  'Target (ZAR)',
  'Billed (ZAR)',
  'Credited (ZAR)',
  'Net billed (ZAR)',
  '% of target',
  'Hours recorded',
  'Recorded (ZAR)',
  'Hours billed',
];

export function feesByFeeEarnerCsv(report: TFeesByFeeEarner): string {
  const row = (name: string, r: TFeesByFeeEarner['totals'] | TFeesByFeeEarner['rows'][number]) => [
    name,
    r.targetCents === null ? '' : randsText(r.targetCents),
    randsText(r.billedCents),
    randsText(r.creditedCents),
    randsText(r.netBilledCents),
    r.targetPercent === null ? '' : r.targetPercent.toFixed(1),
    hours(r.recordedMinutes),
    randsText(r.recordedCents),
    hours(r.billedMinutes),
  ];
  return lines([FEES_BY_FEE_EARNER_CSV_HEADER, ...report.rows.map((r) => row(r.feeEarner, r)), row(`Total ${report.from} to ${report.to}`, report.totals)]);
}
