import { z } from 'zod';
import type { TPlatform } from '../platform';
import { optionalText } from './cases';
import { ZPersonCase } from './people';

// Related parties on a case (issue 19): a person or an organisation of the registry in a role on
// the case. Roles differ per platform; the law firm's conflict check result is stored on the case.

export const PARTY_ROLES = {
  'next-of-kin': 'Next of kin',
  guardian: 'Guardian',
  'referring-doctor': 'Referring doctor',
  'medical-aid': 'Medical aid',
  plaintiff: 'Plaintiff',
  defendant: 'Defendant',
  'opposing-attorney': 'Opposing attorney',
  'state-attorney': 'State Attorney',
  advocate: 'Advocate',
  judge: 'Judge',
  expert: 'Expert',
  'curator-ad-litem': 'Curator ad litem',
  witness: 'Witness',
} as const;
export type TPartyRole = keyof typeof PARTY_ROLES;

/**
 * A party role's label on a platform. On the medicolegal platform the unit defends: the plaintiff
 * is the claimant and the defendant is the province's MEC for Health (issue 32).
 */
export function partyRoleLabel(role: string, platform: TPlatform): string {
  if (platform === 'medicolegal' && role === 'plaintiff') return 'Claimant (plaintiff)';
  if (platform === 'medicolegal' && role === 'defendant') return 'Defendant (MEC for Health)';
  return PARTY_ROLES[role as TPartyRole] ?? role;
}
export const ZPartyRole = z.enum(Object.keys(PARTY_ROLES) as [TPartyRole, ...TPartyRole[]], { error: 'Choose the party’s role' });

const LITIGATION_ROLES: readonly TPartyRole[] = ['plaintiff', 'defendant', 'opposing-attorney', 'state-attorney', 'advocate', 'judge', 'expert', 'curator-ad-litem', 'witness'];
export const PARTY_ROLES_BY_PLATFORM: Record<TPlatform, readonly TPartyRole[]> = {
  healthcare: ['next-of-kin', 'guardian', 'referring-doctor', 'medical-aid'],
  legal: LITIGATION_ROLES,
  medicolegal: [...LITIGATION_ROLES, 'next-of-kin', 'guardian'],
};

/** Roles on the other side of a matter: the same person as our client elsewhere is a conflict. */
export const ADVERSE_PARTY_ROLES: readonly TPartyRole[] = ['defendant', 'opposing-attorney', 'state-attorney'];

export const ZCaseParty = z.object({
  id: z.string(),
  caseId: z.string(),
  personId: z.string(),
  name: z.string(),
  kind: z.enum(['person', 'organization']),
  role: ZPartyRole,
  idNumber: z.string().nullable(),
  notes: z.string().nullable(),
  addedAt: z.string(),
  addedByName: z.string(),
});
export type TCaseParty = z.infer<typeof ZCaseParty>;
export const ZCaseParties = z.object({ items: z.array(ZCaseParty) });
export type TCaseParties = z.infer<typeof ZCaseParties>;

export const ZCasePartiesInput = z.object({ id: z.string().min(1).max(64) });
export const ZAddCasePartyInput = z.object({
  id: z.string().min(1).max(64),
  personId: z.string({ error: 'Choose a person or organisation' }).min(1, 'Choose a person or organisation').max(64),
  role: ZPartyRole,
  notes: optionalText(1000),
});
export type TAddCasePartyInput = z.infer<typeof ZAddCasePartyInput>;
export const ZRemoveCasePartyInput = z.object({ id: z.string().min(1).max(64), partyId: z.string().min(1).max(64) });
export type TRemoveCasePartyInput = z.infer<typeof ZRemoveCasePartyInput>;

// The conflict check (legal and medicolegal): the likely matches of the case's person and parties in
// other cases, and the recorded result — clear, or a conflict noted — by whom and when.
export const CONFLICT_CHECK_RESULTS = { clear: 'Clear', 'conflict-noted': 'Conflict noted' } as const;
export type TConflictCheckResult = keyof typeof CONFLICT_CHECK_RESULTS;
export const ZConflictCheckResult = z.enum(['clear', 'conflict-noted'], { error: 'Choose clear or conflict noted' });

/** One hit: someone of this case appears in another case, in a role there. */
export const ZConflictHit = z.object({
  personId: z.string(),
  name: z.string(),
  /** Their part here: 'client' (the case's person) or a party role. */
  roleHere: z.string(),
  reason: z.enum(['same-person', 'idNumber', 'name']),
  otherCase: ZPersonCase,
  /** True when one side is adverse to the other (our client there is the other side here, or back). */
  adverse: z.boolean(),
});
export type TConflictHit = z.infer<typeof ZConflictHit>;

export const ZConflictCheckRecord = z.object({
  id: z.string(),
  result: ZConflictCheckResult,
  note: z.string().nullable(),
  checkedById: z.string().nullable(),
  checkedByName: z.string(),
  checkedAt: z.string(),
});
export type TConflictCheckRecord = z.infer<typeof ZConflictCheckRecord>;

/** GET /api/patient-cases/{id}/conflict-check: today's hits and the latest recorded result (and its history). */
export const ZConflictCheck = z.object({
  hits: z.array(ZConflictHit),
  latest: ZConflictCheckRecord.nullable(),
  history: z.array(ZConflictCheckRecord),
});
export type TConflictCheck = z.infer<typeof ZConflictCheck>;

export const ZRecordConflictCheckInput = z.object({
  id: z.string().min(1).max(64),
  result: ZConflictCheckResult,
  note: optionalText(2000),
}).superRefine((v, ctx) => {
  if (v.result === 'conflict-noted' && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: 'Say what the conflict is and how it is handled' });
});
export type TRecordConflictCheckInput = z.infer<typeof ZRecordConflictCheckInput>;
