import { addDays, dayKey } from '../../../shared/calendar';
import { HOD_MANDATE_ITEM, HOSPITAL_NOT_YET_KNOWN, type TStateClaims, claimsByHospital } from '../../../shared/domain/state-claims';
import type { DemoContext } from '../context';
import { type DemoProcedures, procedure } from '../procedure';
import { readableCases } from './case-file-state';
import { checklistAsItStands } from './checklists';
import { demoCourtMatterRow } from './court';
import { deadlinesOf } from './experts';
import { demoHospitalRecords } from './hospital-records';

// The State unit's dashboard figures (issue 32) from the demo's own rows, as the server counts them:
// open matters the visitor may read, their court matters' claim amounts, hospital records, deadlines
// and checklists.
function stateClaims(ctx: DemoContext): TStateClaims {
  const open = readableCases(ctx).filter((c) => c.status !== 'Completed');
  const from = dayKey();
  const to = dayKey(addDays(new Date(), 7));
  const hospitals = new Map<string, { claims: number; valueCents: number }>();
  let total = 0;
  let valued = 0;
  let deadlines = 0;
  let mandates = 0;
  for (const kase of open) {
    const amount = demoCourtMatterRow(ctx, kase.id)?.claimAmountCents ?? null;
    if (amount !== null) {
      total += amount;
      valued += 1;
    }
    const facilities = demoHospitalRecords(ctx, kase.id).items.map((r) => r.sourceFacility).sort();
    const hospital = facilities[0] ?? HOSPITAL_NOT_YET_KNOWN;
    const row = hospitals.get(hospital) ?? { claims: 0, valueCents: 0 };
    hospitals.set(hospital, { claims: row.claims + 1, valueCents: row.valueCents + (amount ?? 0) });
    deadlines += deadlinesOf(ctx, kase).filter((d) => d.due >= from && d.due <= to && (d.status === 'open' || d.status === 'overdue')).length;
    if (!checklistAsItStands(ctx, kase).items.some((i) => i.label === HOD_MANDATE_ITEM && i.done)) mandates += 1;
  }
  return {
    openClaims: open.length,
    contingentLiabilityCents: total,
    claimsWithoutAmount: open.length - valued,
    byHospital: claimsByHospital([...hospitals].map(([hospital, v]) => ({ hospital, ...v }))),
    deadlinesThisWeek: deadlines,
    mandatesAwaited: mandates,
  };
}

export const stateClaimsProcedures = {
  'dashboard.stateClaims': procedure({ input: null, capability: 'cases.view', feature: 'stateDefence', run: stateClaims }),
} satisfies Partial<DemoProcedures>;
