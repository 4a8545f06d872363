import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { TMessageAudience, TSendMessageInput } from '../../../shared/domain/messages';
import { fullName } from '../../../shared/format';
import { can, rolesOfPlatform } from '../../../shared/roles';
import type { TenantActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { type CaseAccess, membersWithNeedToKnow } from '../cases/case-access';

// Whom a message goes to (issue 21): everybody (SPEC §5's broadcast), named people, one role, or a
// case's team. Each way resolves to the active members who get a recipient row — never the sender.
// Only named people may include a Patient, and only the person of the case the message is about:
// staff write to a patient about their own case (they read it in the portal), never by role.

const PATIENT_ROLE = 'Patient';

export interface ResolvedAudience {
  audience: TMessageAudience;
  /** The "To:" line: the names, "Role: Nurse", "Team of TCH-2026-00123"; null for everybody. */
  label: string | null;
  recipientIds: string[];
  /** SPEC §3.4's recipientId: the one person (or the patient, so the portal finds it), else null. */
  recipientId: string | null;
  /** Recipients who are Patients (their link goes to the portal, not /messages). */
  patientIds: Set<string>;
}

function refuse(field: string, message: string): never {
  throw new AppError('BAD_REQUEST', message, { [field]: message });
}

/** Active members of the organisation (membership and account), with names and roles. */
function activeMembers(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['memberships.user_id', 'memberships.role', 'users.first_name', 'users.last_name'])
    .where('memberships.organization_id', '=', organizationId)
    .where('memberships.status', '=', 'active')
    .where('users.is_active', '=', 1);
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof activeMembers>['execute']>>[number];

const nameOf = (row: MemberRow) => fullName(row.first_name, row.last_name) ?? row.user_id;

function resolved(audience: TMessageAudience, label: string | null, rows: MemberRow[]): ResolvedAudience {
  const patientIds = new Set(rows.filter((r) => r.role === PATIENT_ROLE).map((r) => r.user_id));
  const recipientIds = rows.map((r) => r.user_id);
  const recipientId = recipientIds.length === 1 ? recipientIds[0]! : ([...patientIds][0] ?? null);
  return { audience, label, recipientIds, recipientId, patientIds };
}

export async function resolveAudience(
  db: Kysely<DB>,
  actor: TenantActor,
  input: TSendMessageInput,
  kase: (CaseAccess & { patientUserId: string | null }) | null,
): Promise<ResolvedAudience> {
  if (input.recipientIds.length > 0) {
    const wanted = input.recipientIds.filter((id) => id !== actor.userId);
    const rows = wanted.length === 0 ? [] : await activeMembers(db, actor.organizationId).where('memberships.user_id', 'in', wanted).execute();
    const byId = new Map(rows.map((r) => [r.user_id, r]));
    if (wanted.length === 0) refuse('recipientIds', 'Choose someone other than yourself');
    for (const id of wanted) {
      const row = byId.get(id);
      if (!row) refuse('recipientIds', 'Choose active members of your organisation');
      if (row.role === PATIENT_ROLE && kase?.patientUserId !== id) {
        refuse('recipientIds', "A patient can only be sent a message about their own case: choose the case first");
      }
    }
    const ordered = wanted.map((id) => byId.get(id)!);
    if (kase) {
      const readers = await mayReadCase(db, actor.organizationId, kase, ordered);
      const outsider = ordered.find((r) => r.role !== PATIENT_ROLE && !readers.has(r.user_id));
      if (outsider) refuse('recipientIds', `${nameOf(outsider)} may not read this case: a message about a case goes to people who may`);
    }
    return resolved('people', ordered.map(nameOf).join(', '), ordered);
  }

  if (input.recipientRole !== null) {
    const role = input.recipientRole;
    if (role === PATIENT_ROLE || !(rolesOfPlatform(actor.platform) as readonly string[]).includes(role)) {
      refuse('recipientRole', "Choose one of your organisation's staff roles");
    }
    const rows = await activeMembers(db, actor.organizationId)
      .where('memberships.role', '=', role)
      .where('memberships.user_id', '!=', actor.userId)
      .orderBy('users.first_name')
      .orderBy('users.last_name')
      .execute();
    if (rows.length === 0) refuse('recipientRole', `Nobody else holds the role ${role}`);
    if (kase) {
      // About a case: those of the role who may read it (for a restricted case, its team's).
      const readers = await mayReadCase(db, actor.organizationId, kase, rows);
      const shown = rows.filter((r) => readers.has(r.user_id));
      if (shown.length === 0) refuse('recipientRole', `Nobody of the role ${role} may read this case`);
      return resolved('role', `Role: ${role}`, shown);
    }
    return resolved('role', `Role: ${role}`, rows);
  }

  if (input.toCaseTeam) {
    // The schema refuses toCaseTeam without a case; the case was opened with need to know.
    if (!kase) refuse('toCaseTeam', 'Choose the case whose team gets the message');
    const team = await db.selectFrom('case_team').select('user_id').where('case_id', '=', kase.id).execute();
    const teamIds = [...new Set(team.map((r) => r.user_id))].filter((id) => id !== actor.userId);
    const rows = teamIds.length === 0 ? [] : await activeMembers(db, actor.organizationId)
      .where('memberships.user_id', 'in', teamIds)
      .where('memberships.role', '!=', PATIENT_ROLE)
      .orderBy('users.first_name')
      .orderBy('users.last_name')
      .execute();
    if (rows.length === 0) refuse('toCaseTeam', 'This case has nobody else on its team yet');
    return resolved('team', `Team of ${kase.reference ?? kase.patientName}`, rows);
  }

  // A broadcast carries no case (issue 28): everybody includes the kitchen and the gate, who read no
  // case file. A message about a case goes to its team, a role, or named people who may read it.
  if (kase) refuse('patientCaseId', "A message to everybody cannot be about a case: send it to the case's team or to people who work on it");
  // SPEC §5: every active member but the sender. Broadcasts are internal staff messages: a Patient
  // member hears from their care team only through direct messages (the patient portal).
  const rows = await activeMembers(db, actor.organizationId)
    .where('memberships.user_id', '!=', actor.userId)
    .where('memberships.role', '!=', PATIENT_ROLE)
    .execute();
  return { audience: 'broadcast', label: null, recipientIds: rows.map((r) => r.user_id), recipientId: null, patientIds: new Set() };
}

/** Of these members, the ones who may read the case's file: their role reads case files, and they need to know it. */
async function mayReadCase(db: Kysely<DB>, organizationId: string, kase: CaseAccess, members: MemberRow[]): Promise<Set<string>> {
  const filing = members.filter((m) => can({ role: m.role }, 'caseFile.view'));
  return membersWithNeedToKnow(db, organizationId, kase.id, filing.map((m) => ({ userId: m.user_id, role: m.role })));
}

/** The names of the given users, in order, joined for a "To:" line. */
export async function namesLabel(db: Kysely<DB>, ids: readonly string[]): Promise<string> {
  if (ids.length === 0) return '';
  const rows = await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', [...ids]).execute();
  const names = new Map(rows.map((r) => [r.id, fullName(r.first_name, r.last_name) ?? r.id]));
  return ids.map((id) => names.get(id) ?? id).join(', ');
}
