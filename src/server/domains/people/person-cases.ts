import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { PeopleTable } from '../../../../db/schema-people';
import type { TPerson, TPersonCase } from '../../../shared/domain/people';
import type { RoleHolder } from '../../../shared/roles';
import type { TenantActor } from '../../auth/actor';
import { WITHHELD_LABEL, isWithheld, needToKnowColumn } from '../cases/case-visibility';
import { idNumberFor } from './id-number-visibility';

// What the person page and the match list share: one row → DTO mapper, and the cases a person is
// in — as the case's own person ('patient' on healthcare, 'client' on the legal platforms) or as a
// party in a role — with the need-to-know rule of case-visibility.ts in the same query.

/** The person as `viewer` may read it: the ID number masked for a role without people.idNumbers. */
export function toPerson(row: Selectable<PeopleTable>, viewer: RoleHolder): TPerson {
  const medicalAid =
    row.medical_aid_scheme || row.medical_aid_number || row.medical_aid_main_member
      ? { scheme: row.medical_aid_scheme ?? '', number: row.medical_aid_number ?? '', mainMember: row.medical_aid_main_member ?? '' }
      : null;
  return {
    id: row.id,
    kind: row.kind,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: row.full_name,
    idNumber: idNumberFor(viewer, row.id_number),
    passportNumber: row.passport_number,
    passportCountry: row.passport_country,
    dateOfBirth: row.date_of_birth,
    sex: row.sex,
    phone: row.phone,
    email: row.email,
    address: row.address,
    preferredLanguage: row.preferred_language,
    medicalAid,
    notes: row.notes,
    userId: row.user_id,
    mergedIntoId: row.merged_into_id,
    version: Number(row.version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The role a case's own person holds in it, as the platform names it. */
export function ownRoleOf(actor: TenantActor): string {
  return actor.platform === 'healthcare' ? 'patient' : 'client';
}

export interface PersonCaseRow extends TPersonCase {
  personId: string;
  /** False for a restricted case the actor has no need to know of: listed, its parts left out. */
  readable: boolean;
}

/** Every case of these people (own or as a party), newest first, each with this person's role. */
export async function casesOfPeople(db: Kysely<DB>, actor: TenantActor, personIds: string[]): Promise<PersonCaseRow[]> {
  if (personIds.length === 0) return [];
  const columns = ['cases.id', 'cases.reference', 'cases.patient_name', 'cases.case_type', 'cases.status', 'cases.created_at', 'cases.restricted'] as const;
  const [own, asParty] = await Promise.all([
    db
      .selectFrom('cases')
      .select([...columns, 'cases.person_id as person_id', needToKnowColumn(actor)])
      .where('cases.organization_id', '=', actor.organizationId)
      .where('cases.person_id', 'in', personIds)
      .execute(),
    db
      .selectFrom('case_parties')
      .innerJoin('cases', 'cases.id', 'case_parties.case_id')
      .select([...columns, 'case_parties.person_id as person_id', 'case_parties.role as party_role', needToKnowColumn(actor)])
      .where('case_parties.organization_id', '=', actor.organizationId)
      .where('cases.organization_id', '=', actor.organizationId)
      .where('case_parties.person_id', 'in', personIds)
      .execute(),
  ]);
  const ownRole = ownRoleOf(actor);
  const rows: PersonCaseRow[] = [
    ...own.map((r) => ({ ...r, role: ownRole })),
    ...asParty.map((r) => ({ ...r, role: r.party_role as string })),
  ].map((r) => {
    const restricted = Number(r.restricted) === 1;
    const withheld = isWithheld(r.restricted, r.need_to_know);
    return {
      personId: r.person_id!,
      id: r.id,
      reference: r.reference,
      patientName: r.patient_name,
      caseType: withheld ? WITHHELD_LABEL : r.case_type,
      status: r.status,
      createdAt: r.created_at,
      role: r.role,
      restricted,
      readable: !withheld,
    };
  });
  return rows.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
}

/** The DTO of a person case (without the internal fields). */
export function personCaseOf(row: PersonCaseRow): TPersonCase {
  return { id: row.id, reference: row.reference, patientName: row.patientName, caseType: row.caseType, status: row.status, createdAt: row.createdAt, role: row.role, restricted: row.restricted };
}
