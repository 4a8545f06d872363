import { z } from 'zod';

// The State unit's dashboard figures (issue 32): a litigation unit of a provincial health department
// defends claims, so it counts what it is exposed to, not billable hours.
// GET /api/dashboard/state-claims.

/** The checklist item whose tick means the Head of Department's mandate is in (shipped medicolegal template). */
export const HOD_MANDATE_ITEM = 'Mandate from the Head of Department obtained';

/** Claims whose hospital records have not come in yet are grouped under this name. */
export const HOSPITAL_NOT_YET_KNOWN = 'Hospital not yet known';

/** How many hospitals the dashboard names; the rest are summed as "Other hospitals". */
export const CLAIMS_BY_HOSPITAL_MAX = 6;

export const ZStateClaims = z.object({
  /** Matters not Completed. */
  openClaims: z.number().int(),
  /** The contingent liability: the claim amounts recorded on the open matters' court matters. */
  contingentLiabilityCents: z.number().int(),
  /** Open matters without a claim amount on record (their value is not in the total). */
  claimsWithoutAmount: z.number().int(),
  /** Open claims per hospital (from the hospital records received), largest first. */
  byHospital: z.array(z.object({ hospital: z.string(), claims: z.number().int(), valueCents: z.number().int() })),
  /** Deadlines due from today through the next seven days, still open. */
  deadlinesThisWeek: z.number().int(),
  /** Open claims whose Head of Department mandate is not yet recorded on the checklist. */
  mandatesAwaited: z.number().int(),
});
export type TStateClaims = z.infer<typeof ZStateClaims>;

const OTHER_HOSPITALS = 'Other hospitals';

/** Largest first (by claims, then value, then name); past the first few, one "Other hospitals" row. */
export function claimsByHospital(rows: TStateClaims['byHospital']): TStateClaims['byHospital'] {
  const sorted = [...rows].sort((a, b) => b.claims - a.claims || b.valueCents - a.valueCents || a.hospital.localeCompare(b.hospital));
  if (sorted.length <= CLAIMS_BY_HOSPITAL_MAX) return sorted;
  const shown = sorted.slice(0, CLAIMS_BY_HOSPITAL_MAX - 1);
  const rest = sorted.slice(CLAIMS_BY_HOSPITAL_MAX - 1);
  return [...shown, { hospital: OTHER_HOSPITALS, claims: rest.reduce((s, r) => s + r.claims, 0), valueCents: rest.reduce((s, r) => s + r.valueCents, 0) }];
}
