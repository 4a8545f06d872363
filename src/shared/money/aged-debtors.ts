import type { TAccountView, TAgedDebtors } from '../domain/account-wire';
import { ageingOf, balanceInputOf } from './account-balance';

// The aged-debtors report from account views (issue 33): one row per account holder (an account with
// no holder stands alone), the ageing of their balance by the one rule (ageingOf), largest first; the
// totals are the sum of the rows — which are the holders' statements. The server and demo mode both
// build it here.

export function agedDebtorsOf(views: TAccountView[], asOf: string): TAgedDebtors {
  const byHolder = new Map<string, { name: string; holderId: string | null; views: TAccountView[] }>();
  for (const view of views) {
    const key = view.holderId ?? `case:${view.caseId}`;
    const entry = byHolder.get(key) ?? { name: view.holderName ?? view.personName, holderId: view.holderId, views: [] };
    entry.views.push(view);
    byHolder.set(key, entry);
  }
  const rows: TAgedDebtors['rows'] = [];
  for (const entry of byHolder.values()) {
    const { total, ...ageing } = ageingOf(entry.views.map(balanceInputOf), asOf);
    if (total === 0 && Object.values(ageing).every((v) => v === 0)) continue;
    rows.push({ holderId: entry.holderId, holderName: entry.name, accounts: entry.views.filter((v) => v.balanceCents !== 0).length, ...ageing, totalCents: total });
  }
  rows.sort((a, b) => b.totalCents - a.totalCents || a.holderName.localeCompare(b.holderName));
  const sum = (key: 'current' | 'd30' | 'd60' | 'd90' | 'd120' | 'totalCents') => rows.reduce((s, r) => s + r[key], 0);
  return { asOf, rows, totals: { current: sum('current'), d30: sum('d30'), d60: sum('d60'), d90: sum('d90'), d120: sum('d120'), totalCents: sum('totalCents') } };
}
