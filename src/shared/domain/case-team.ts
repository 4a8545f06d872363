import { z } from 'zod';
import type { TPlatform } from '../platform';
import { enumWithAliases } from './wire-values';

// The team of a case (issue 18): any number of members, each with a role on the case. The roles are
// the platform's: a hospital's attending doctor and nurse, a law firm's responsible attorney and
// paralegal. The first three of each list stand where the three fixed slots of SPEC §3.2 stood
// (assignedDoctor, assignedNurse, caseManager), in that order.

export const CASE_TEAM_ROLES = {
  'attending-doctor': 'Attending doctor',
  nurse: 'Nurse',
  'case-manager': 'Case manager',
  consultant: 'Consultant',
  therapist: 'Therapist',
  'responsible-attorney': 'Responsible attorney',
  'assisting-attorney': 'Assisting attorney',
  advocate: 'Advocate',
  'case-coordinator': 'Case coordinator',
  'candidate-attorney': 'Candidate attorney',
  paralegal: 'Paralegal',
  'state-attorney': 'State attorney',
  'medical-adviser': 'Medical adviser',
  expert: 'Expert',
} as const;
export type TCaseTeamRole = keyof typeof CASE_TEAM_ROLES;
/** The snake_case ids of the release before issue 32, accepted for one release (decision 0060). */
const LEGACY_TEAM_ROLES: Readonly<Record<string, TCaseTeamRole>> = {
  attending_doctor: 'attending-doctor',
  case_manager: 'case-manager',
  responsible_attorney: 'responsible-attorney',
  case_coordinator: 'case-coordinator',
  candidate_attorney: 'candidate-attorney',
  state_attorney: 'state-attorney',
  medical_adviser: 'medical-adviser',
};
export const ZCaseTeamRole = enumWithAliases(Object.keys(CASE_TEAM_ROLES) as [TCaseTeamRole, ...TCaseTeamRole[]], LEGACY_TEAM_ROLES, 'Choose a role on the case');

/** The roles each platform offers, the §3.2 slots (doctor, nurse, case manager) first. */
export const CASE_TEAM_ROLES_BY_PLATFORM: Record<TPlatform, readonly TCaseTeamRole[]> = {
  healthcare: ['attending-doctor', 'nurse', 'case-manager', 'consultant', 'therapist'],
  // Counsel is briefed, not employed: on the legal platform an advocate is a party of the matter
  // (issue 32), so the second slot is the assisting attorney; an in-house expert joins as such.
  legal: ['responsible-attorney', 'assisting-attorney', 'case-coordinator', 'candidate-attorney', 'paralegal', 'expert'],
  medicolegal: ['responsible-attorney', 'advocate', 'case-coordinator', 'candidate-attorney', 'paralegal', 'state-attorney', 'medical-adviser', 'expert'],
};

/** Which team role fills which §3.2 slot on a platform: the first three of its list. */
export function slotRoles(platform: TPlatform): { doctor: TCaseTeamRole; nurse: TCaseTeamRole; caseManager: TCaseTeamRole } {
  const [doctor, nurse, caseManager] = CASE_TEAM_ROLES_BY_PLATFORM[platform];
  return { doctor: doctor!, nurse: nurse!, caseManager: caseManager! };
}

/**
 * The team role a staff member takes on a hospital case by doing its work (issue 31: the nurse who
 * admits a patient joins the team); none for roles that do not care for the patient, or off healthcare.
 */
export function teamRoleByWork(platform: TPlatform, staffRole: string): TCaseTeamRole | null {
  if (platform !== 'healthcare') return null;
  return ({ Nurse: 'nurse', Doctor: 'attending-doctor', 'Case Manager': 'case-manager' } as Partial<Record<string, TCaseTeamRole>>)[staffRole] ?? null;
}

export const CASE_TEAM_MAX = 50;

export const ZCaseTeamMember = z.object({
  userId: z.string(),
  name: z.string(),
  roleOnCase: ZCaseTeamRole,
  /** The label of roleOnCase, for callers that only print it. */
  roleLabel: z.string(),
});
export type TCaseTeamMember = z.infer<typeof ZCaseTeamMember>;

export const ZCaseTeam = z.object({ members: z.array(ZCaseTeamMember), version: z.number() });
export type TCaseTeam = z.infer<typeof ZCaseTeam>;

/** PUT replaces the whole team; `expectedVersion` is the case's version the editor saw. */
export const ZPutCaseTeamInput = z.object({
  id: z.string().min(1).max(64),
  members: z
    .array(z.object({ userId: z.string().trim().min(1, 'Choose a member').max(64), roleOnCase: ZCaseTeamRole }))
    .max(CASE_TEAM_MAX, `At most ${CASE_TEAM_MAX} team members`),
  expectedVersion: z.coerce.number().int().min(1).optional(),
});
export type TPutCaseTeamInput = z.infer<typeof ZPutCaseTeamInput>;

/** Who may be put on a case's team or given a task on it: active staff whose role opens the case file. */
export const ZCaseTeamCandidate = z.object({ userId: z.string(), name: z.string(), role: z.string() });
export type TCaseTeamCandidate = z.infer<typeof ZCaseTeamCandidate>;
export const ZCaseTeamCandidates = z.object({ items: z.array(ZCaseTeamCandidate) });
export type TCaseTeamCandidates = z.infer<typeof ZCaseTeamCandidates>;
export const CASE_TEAM_CANDIDATES_MAX = 2000;
