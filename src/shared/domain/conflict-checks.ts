import { z } from 'zod';
import type { TPlatform } from '../platform';
import { checkSaIdNumber } from '../sa/sa-id-number';

// The conflict check at intake (issue 32, decision 0055): before a matter exists, the prospective
// client and the other side are searched in the organisation's matters by name and by SA ID number
// or company registration number. The result is recorded (who ran it, when, what it found); an
// adverse hit — our prospective client on the other side of a matter, or an opponent who is or was
// our client — is resolved with a reason by the person running intake. When the matter is opened the
// check is attached to it, and its checklist item "Conflict check run and recorded" ticks itself.
// POST /api/conflict-checks, GET /api/conflict-checks/{id}, POST /api/conflict-checks/{id}/hits/{hitId}/resolve.

export const INTAKE_PARTY_ROLES = { client: 'Prospective client', opponent: 'Opponent', other: 'Other party' } as const;
export type TIntakePartyRole = keyof typeof INTAKE_PARTY_ROLES;
export const ZIntakePartyRole = z.enum(['client', 'opponent', 'other'], { error: 'Choose client, opponent or other' });

export const CONFLICT_RESOLUTIONS = {
  'informed-consent': 'Informed consent obtained',
  'not-the-same-person': 'Not the same person',
  'not-adverse': 'Not adverse on the facts',
} as const;
export type TConflictResolution = keyof typeof CONFLICT_RESOLUTIONS;
export const ZConflictResolution = z.enum(['informed-consent', 'not-the-same-person', 'not-adverse'], { error: 'Choose how the conflict is resolved' });

export const INTAKE_PARTIES_MAX = 20;
export const RESOLUTION_NOTE_MAX = 1000;

/** A company registration number as CIPC writes it: 2015/123456/07. */
const REGISTRATION_NUMBER = /^\d{4}\/\d{6}\/\d{2}$/;
const ID_NUMBER_MESSAGE = 'Enter a 13-digit SA ID number or a registration number like 2015/123456/07';

/** An SA ID number (13 digits, spaces dropped, checked) or a company registration number; blank is none. */
const intakeIdNumber = z.preprocess(
  (v) => (typeof v === 'string' ? (v.replace(/\s+/g, '') === '' ? undefined : v.replace(/\s+/g, '')) : v),
  z
    .string({ error: ID_NUMBER_MESSAGE })
    .max(20, ID_NUMBER_MESSAGE)
    .refine((v) => REGISTRATION_NUMBER.test(v) || /^\d{13}$/.test(v), ID_NUMBER_MESSAGE)
    .refine((v) => !/^\d{13}$/.test(v) || checkSaIdNumber(v).ok, { error: (issue) => { const c = checkSaIdNumber(String(issue.input)); return c.ok ? ID_NUMBER_MESSAGE : c.reason; } })
    .nullish(),
).transform((v) => v ?? null);

export const ZIntakeParty = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(2, 'Enter at least 2 letters of the name')
    .max(200, 'Must be at most 200 characters'),
  idNumber: intakeIdNumber,
  role: ZIntakePartyRole,
});
export type TIntakeParty = z.infer<typeof ZIntakeParty>;

export const ZRunConflictCheckInput = z.object({
  parties: z
    .array(ZIntakeParty, { error: 'Name the prospective client and the other side' })
    .min(1, 'Name the prospective client and the other side')
    .max(INTAKE_PARTIES_MAX, `At most ${INTAKE_PARTIES_MAX} parties in one check`)
    .refine((parties) => parties.some((p) => p.role === 'client'), 'Name the prospective client'),
});
export type TRunConflictCheckInput = z.infer<typeof ZRunConflictCheckInput>;

export const ZConflictCheckIdInput = z.object({ id: z.string().trim().min(1).max(64) });
export type TConflictCheckIdInput = z.infer<typeof ZConflictCheckIdInput>;

export const ZResolveConflictHitInput = z.object({
  id: z.string().trim().min(1).max(64),
  hitId: z.string().trim().min(1).max(64),
  resolution: ZConflictResolution,
  note: z
    .string()
    .trim()
    .max(RESOLUTION_NOTE_MAX, `Must be at most ${RESOLUTION_NOTE_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type TResolveConflictHitInput = z.infer<typeof ZResolveConflictHitInput>;

export const ZIntakeHitResolution = z.object({
  resolution: ZConflictResolution,
  note: z.string().nullable(),
  resolvedByName: z.string(),
  resolvedAt: z.string(),
});

/** One hit: someone like an intake party appears in an existing matter, in a role there. */
export const ZIntakeHit = z.object({
  id: z.string(),
  /** The registry record found. */
  personId: z.string(),
  name: z.string(),
  /** The matter they appear in, its reference (a restricted matter shows no more than that). */
  caseId: z.string(),
  reference: z.string().nullable(),
  caseStatus: z.string(),
  /** Their part there: 'client' (the matter's own person; 'claimant' on the medicolegal platform) or a party role. */
  roleThere: z.string(),
  adverse: z.boolean(),
  /** Which intake party it was found for, and how. */
  partyName: z.string(),
  partyRole: ZIntakePartyRole,
  reason: z.enum(['idNumber', 'name']),
  resolution: ZIntakeHitResolution.nullable(),
});
export type TIntakeHit = z.infer<typeof ZIntakeHit>;

export const ZIntakeConflictCheck = z.object({
  id: z.string(),
  parties: z.array(z.object({ name: z.string(), idNumber: z.string().nullable(), role: ZIntakePartyRole })),
  hits: z.array(ZIntakeHit),
  runByName: z.string(),
  runAt: z.string(),
  /** The matter it is attached to, once opened. */
  caseId: z.string().nullable(),
  caseReference: z.string().nullable(),
  attachedAt: z.string().nullable(),
  /** Adverse hits not yet resolved: the matter's checklist item cannot be ticked while any remain. */
  unresolvedAdverse: z.number(),
});
export type TIntakeConflictCheck = z.infer<typeof ZIntakeConflictCheck>;

// Which side of a matter a role there is on, from the organisation's side. A law firm acts for its
// client (and a plaintiff it names); the other side is the defendant, their attorney and the State
// Attorney. The medicolegal platform's organisations are the State's (decision 0055): they defend,
// so the matter's own person is the claimant, on the other side with a plaintiff and their attorney,
// and the defendant (the MEC) and the State Attorney are ours.
type Side = 'ours' | 'theirs';
const SIDES: Record<TPlatform, Record<string, Side>> = {
  legal: { client: 'ours', plaintiff: 'ours', defendant: 'theirs', 'opposing-attorney': 'theirs', 'state-attorney': 'theirs' },
  medicolegal: { claimant: 'theirs', client: 'theirs', plaintiff: 'theirs', 'opposing-attorney': 'theirs', defendant: 'ours', 'state-attorney': 'ours' },
  healthcare: {},
};

/** How the matter's own person is named as a role there. */
export function ownRoleThere(platform: TPlatform): string {
  return platform === 'medicolegal' ? 'claimant' : platform === 'healthcare' ? 'patient' : 'client';
}

/**
 * Adverse: the prospective client is on the other side of an existing matter, or an opponent is (or
 * was) on ours. An 'other' party (a witness, an expert) is never adverse by role alone.
 */
export function isAdverseAtIntake(platform: TPlatform, partyRole: TIntakePartyRole, roleThere: string): boolean {
  const side = SIDES[platform][roleThere];
  return (partyRole === 'client' && side === 'theirs') || (partyRole === 'opponent' && side === 'ours');
}

/** Adverse hits with no resolution. */
export function unresolvedAdverseCount(hits: readonly Pick<TIntakeHit, 'adverse' | 'resolution'>[]): number {
  return hits.filter((h) => h.adverse && !h.resolution).length;
}

export const CONFLICT_CHECK_UNRESOLVED_MESSAGE = (n: number) =>
  `The conflict check has ${n} adverse ${n === 1 ? 'hit' : 'hits'} not yet resolved: resolve ${n === 1 ? 'it' : 'them'} (e.g. informed consent obtained, or not the same person) before ticking this item.`;
