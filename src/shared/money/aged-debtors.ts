import type { TAgedDebtors } from '../domain/account-wire';
import type { TAgeing } from '../domain/medical-accounts';
import { ageingOf } from './account-balance';
import { type TAccountSums, balanceInputOfSums, balanceOfSums } from './account-sums';

// The aged-debtors report (issue 33): one row per account holder (an account with no holder stands
// alone, by its case), the ageing of their balance by the one rule (ageingOf), largest first; the
// totals are the sum of ALL the rows — which are the holders' statements. The server (from SQL sums)
// and demo mode (from its views) both build it here. A hospital has tens of thousands of debtors, so
// the report shows the largest (`limit`) and says how many there are; the CSV has every row. Names
// are looked up for the rows shown only.

export interface TDebtorAccount {
  caseId: string;
  holderId: string | null;
  sums: TAccountSums;
}

export interface TDebtorRow extends TAgeing {
  holderId: string | null;
  /** The case of a holderless account (its patient is the debtor). */
  caseId: string;
  accounts: number;
  totalCents: number;
}

export interface TDebtorRows {
  rows: TDebtorRow[];
  totals: TAgedDebtors['totals'];
}

/** Every debtor's row, largest balance first (ties by holder, for a stable order), and the totals of all of them. */
export function debtorRowsOf(accounts: TDebtorAccount[], asOf: string): TDebtorRows {
  const byHolder = new Map<string, TDebtorAccount[]>();
  for (const account of accounts) {
    const key = account.holderId ?? `case:${account.caseId}`;
    const group = byHolder.get(key);
    if (group) group.push(account);
    else byHolder.set(key, [account]);
  }
  const rows: TDebtorRow[] = [];
  for (const group of byHolder.values()) {
    const { total, ...ageing } = ageingOf(group.map((a) => balanceInputOfSums(a.sums)), asOf);
    if (total === 0 && Object.values(ageing).every((v) => v === 0)) continue;
    const first = group[0]!;
    rows.push({ holderId: first.holderId, caseId: first.caseId, accounts: group.filter((a) => balanceOfSums(a.sums) !== 0).length, ...ageing, totalCents: total });
  }
  const keyOf = (r: TDebtorRow) => r.holderId ?? `case:${r.caseId}`;
  rows.sort((a, b) => b.totalCents - a.totalCents || keyOf(a).localeCompare(keyOf(b)));
  const sum = (key: 'current' | 'd30' | 'd60' | 'd90' | 'd120' | 'totalCents') => rows.reduce((s, r) => s + r[key], 0);
  return { rows, totals: { current: sum('current'), d30: sum('d30'), d60: sum('d60'), d90: sum('d90'), d120: sum('d120'), totalCents: sum('totalCents') } };
}

/** The report: the first `limit` rows (all with null) named by `nameOf`, the count of all debtors and the totals of all. */
export function agedDebtorsReport(all: TDebtorRows, asOf: string, limit: number | null, nameOf: (row: TDebtorRow) => string): TAgedDebtors {
  const shown = limit === null ? all.rows : all.rows.slice(0, limit);
  return {
    asOf,
    debtors: all.rows.length,
    rows: shown.map(({ caseId: _caseId, ...row }) => ({ ...row, holderName: nameOf({ caseId: _caseId, ...row }) })),
    totals: all.totals,
  };
}
