import type { TDebtorRows } from '../../../shared/money/aged-debtors';

// The aged-debtors report's figures, kept while nothing changed (issue 33, decision 0063). At a large
// hospital the report reads one stored row per owing account (~0.4 s at 50 000): it is the same for
// everyone who reads every case until the next money write, which moves the organisation's sums
// version on (db/account-sums.ts, in that write's transaction). So the figures are kept per
// organisation, day (ageing counts from today) and version; readers limited by need to know read
// afresh. A few organisations at most are kept: the report is an office's, not every screen's.

const KEEP = 8;
const kept = new Map<string, TDebtorRows>();

const keyOf = (organizationId: string, asOf: string, version: number) => `${organizationId}|${asOf}|${version}`;

export function keptDebtorRows(organizationId: string, asOf: string, version: number): TDebtorRows | undefined {
  return kept.get(keyOf(organizationId, asOf, version));
}

export function keepDebtorRows(organizationId: string, asOf: string, version: number, rows: TDebtorRows): void {
  for (const key of kept.keys()) if (key.startsWith(`${organizationId}|`)) kept.delete(key);
  kept.set(keyOf(organizationId, asOf, version), rows);
  if (kept.size > KEEP) kept.delete(kept.keys().next().value!);
}
