import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { TPartyRole } from '../../src/shared/domain/case-parties';
import { PARTY_ROLES } from '../../src/shared/domain/case-parties';
import { makeSaIdNumber } from '../../src/shared/sa/sa-id-number';
import type { DB } from '../schema';
import type { SeededCase } from './seed-cases';
import type { SeededOrganization } from './seed-people';

// The person registry of the demo (issue 19): every seeded case belongs to a person with a valid SA
// ID number whose date of birth and sex agree with the record (organisations — companies, trusts,
// estates — carry none); the portal Patient's person holds their account and profile; one person
// per platform comes back with a second case; parties on several cases of each platform, and one
// recorded conflict check on the law firm's books.

type Rows<T extends keyof DB> = Insertable<DB[T]>[];

export interface RegistryRows {
  people: Rows<'people'>;
  parties: Rows<'case_parties'>;
  conflictChecks: Rows<'case_conflict_checks'>;
  events: Rows<'case_events'>;
  allergies: Rows<'allergies'>;
}

/**
 * Issue 31: what the hospital's nurses recorded when they asked (by the patient's name): Thabo
 * Mabaso's penicillin allergy warns whoever prescribes him amoxicillin; "none" is no known allergies.
 */
const ALLERGIES: Record<string, readonly { substance: string; reaction: string | null; severity: 'mild' | 'moderate' | 'severe' | 'unknown' }[] | 'none'> = {
  'Thabo Mabaso': [
    { substance: 'Penicillin', reaction: 'Anaphylaxis (2019, after IM benzathine penicillin)', severity: 'severe' },
    { substance: 'Elastoplast (adhesive)', reaction: 'Skin blistering', severity: 'mild' },
  ],
  'Johannes van der Merwe': 'none',
  'Ntombi Shabalala': 'none',
};

/** A returning person: the second case (by its catalogue name) belongs to the person of the first. */
const RETURNING: Record<SeededOrganization['def']['key'], Record<string, string>> = {
  thornhill: { 'Olga Ferreira': 'Abdul Karriem' }, // an earlier insulin programme, now back for review
  mokoena: { 'Johan Venter': 'Thandeka Mkhabela' }, // her flat's transfer, before the divorce
  gauteng: { 'Vusi Shongwe': 'Ayanda Nkosi' }, // an earlier medication error claim
};

const ORGANISATION_NAME = /\((Pty)\) Ltd|\bCC\b|\bTrust\b|\bHoldings\b|\bProperties\b|\bProduce\b|^Estate /i;
const FEMALE_NAMES = new Set([
  'Ntombi', 'Gugu', 'Elsie', 'Yolanda', 'Ruth', 'Precious', 'Zodwa', 'Marie', 'Chantel', 'Naledi', 'Faiza', 'Olga', 'Sibongile', 'Thandeka', 'Mpumi',
  'Agnes', 'Nosipho', 'Zinhle', 'Mary-Anne', 'Lerato', 'Rebecca', 'Phindile', 'Sarah', 'Nandi', 'Grace', 'Annelie', 'Nomvula', 'Thandiwe', 'Nadia', 'Lindiwe',
]);

interface PartySpec {
  /** The party's name: a person "First Last", or an organisation's name with kind 'organization'. */
  name: string;
  kind?: 'person' | 'organization';
  role: TPartyRole;
  notes?: string;
}

/** Parties per case (by the case's patient name). */
const PARTIES: Record<SeededOrganization['def']['key'], Record<string, PartySpec[]>> = {
  thornhill: {
    'Thabo Mabaso': [
      { name: 'Nomvula Mabaso', role: 'next-of-kin', notes: 'Daughter; 073 552 8146' },
      { name: 'Bonitas Medical Fund', kind: 'organization', role: 'medical-aid' },
      { name: 'Farouk Jacobs', role: 'referring-doctor', notes: 'GP, Mitchells Plain' },
    ],
    'Johannes van der Merwe': [
      { name: 'Annelie van der Merwe', role: 'next-of-kin', notes: 'Wife' },
      { name: 'Discovery Health Medical Scheme', kind: 'organization', role: 'medical-aid' },
      { name: 'Sean Pillay', role: 'referring-doctor', notes: 'Cardiologist, Claremont' },
    ],
    'Gugu Radebe': [
      { name: 'Sizwe Radebe', role: 'next-of-kin', notes: 'Husband' },
      { name: 'Discovery Health Medical Scheme', kind: 'organization', role: 'medical-aid' },
    ],
    'Abdul Karriem': [{ name: 'Sean Pillay', role: 'referring-doctor' }],
  },
  mokoena: {
    'Ubuntu Logistics (Pty) Ltd': [
      { name: 'Kwanele Trading CC', kind: 'organization', role: 'defendant' },
      { name: 'Riaan Steenkamp', role: 'opposing-attorney', notes: 'Steenkamp & Partners Inc.' },
      { name: 'Nadia Hassim', role: 'advocate', notes: 'Adv., Sandton Group of Advocates' },
    ],
    'Thandeka Mkhabela': [
      { name: 'Sizwe Mkhabela', role: 'defendant' },
      { name: 'Riaan Steenkamp', role: 'opposing-attorney' },
    ],
    'Sibongile Dlamini': [
      { name: 'Highveld Mining Services (Pty) Ltd', kind: 'organization', role: 'defendant' },
      { name: 'Nadia Hassim', role: 'advocate' },
    ],
  },
  gauteng: {
    'Zinhle Khanye obo minor child': [
      { name: 'MEC for Health, Gauteng', kind: 'organization', role: 'defendant' },
      { name: 'State Attorney, Johannesburg', kind: 'organization', role: 'state-attorney' },
      { name: 'Thandiwe Mokoena', role: 'expert', notes: 'Paediatric neurologist' },
      { name: 'Johan Pieterse', role: 'curator-ad-litem', notes: 'Adv., appointed for the minor' },
    ],
    'Thulani Mnguni': [
      { name: 'MEC for Health, Gauteng', kind: 'organization', role: 'defendant' },
      { name: 'State Attorney, Johannesburg', kind: 'organization', role: 'state-attorney' },
      { name: 'Ismail Bhamjee', role: 'expert', notes: 'Prof., general surgeon' },
    ],
    'Lerato Phiri obo minor child': [
      { name: 'MEC for Health, Gauteng', kind: 'organization', role: 'defendant' },
      { name: 'Johan Pieterse', role: 'curator-ad-litem' },
    ],
  },
};

function hashOf(text: string): number {
  let h = 2_166_136_261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16_777_619) >>> 0;
  return h;
}

/** A stable date of birth for a name: 1948–2003 (no two seeded people are likely to share it). */
function birthDateOf(name: string): string {
  const h = hashOf(name);
  const year = 1948 + (h % 56);
  const month = 1 + ((h >>> 8) % 12);
  const day = 1 + ((h >>> 16) % 28);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The hospital's folder number of a patient: stable per name, seven digits (not to be taken for a case reference). */
const folderNumberOf = (name: string): string => String(1_000_000 + (hashOf(`folder:${name}`) % 9_000_000));

export function buildRegistry(
  org: SeededOrganization,
  cases: readonly SeededCase[],
  profiles: readonly Insertable<DB['patient_profiles']>[],
): RegistryRows {
  const rows: RegistryRows = { people: [], parties: [], conflictChecks: [], events: [], allergies: [] };
  const byName = new Map<string, string>();
  const returning = RETURNING[org.def.key];

  const personOf = (name: string, kind: 'person' | 'organization', at: string, extra: Partial<Insertable<DB['people']>> = {}): string => {
    const known = byName.get(name);
    if (known) return known;
    const id = randomUUID();
    const isPerson = kind === 'person';
    const space = name.indexOf(' ');
    const first = isPerson && space > 0 ? name.slice(0, space) : null;
    const dateOfBirth = isPerson ? (extra.date_of_birth ?? birthDateOf(name)) : null;
    const sex = first && FEMALE_NAMES.has(first) ? 'female' : 'male';
    rows.people.push({
      id,
      organization_id: org.id,
      kind,
      first_name: first,
      last_name: first ? name.slice(space + 1) : name,
      full_name: name,
      id_number: isPerson && dateOfBirth ? makeSaIdNumber(dateOfBirth, sex, hashOf(`${org.def.key}:${name}`) % 5000) : null,
      date_of_birth: dateOfBirth,
      sex: isPerson ? sex : null,
      preferred_language: isPerson ? 'English' : null,
      version: 1,
      created_at: at,
      updated_at: at,
      ...extra,
    });
    byName.set(name, id);
    return id;
  };

  // Oldest case first, so a returning person's record dates from their first case.
  const inOrder = [...cases].sort((a, b) => String(a.row.created_at).localeCompare(String(b.row.created_at)));
  for (const kase of inOrder) {
    const name = returning[String(kase.row.patient_name)] ?? String(kase.row.patient_name);
    kase.row.patient_name = name;
    const profile = kase.row.patient_user_id ? profiles.find((p) => p.user_id === kase.row.patient_user_id) : undefined;
    const folder: Partial<Insertable<DB['people']>> = org.def.platform === 'healthcare' ? { folder_number: folderNumberOf(name) } : {};
    const extra: Partial<Insertable<DB['people']>> = profile
      ? {
          user_id: profile.user_id,
          date_of_birth: profile.date_of_birth ?? null,
          phone: profile.phone ?? null,
          address: profile.address ?? null,
          medical_aid_scheme: profile.medical_aid_scheme ?? null,
          medical_aid_number: profile.medical_aid_number ?? null,
          medical_aid_main_member: profile.medical_aid_main_member ?? null,
        }
      : kase.row.patient_user_id
        ? { user_id: kase.row.patient_user_id }
        : {};
    kase.row.person_id = personOf(name, ORGANISATION_NAME.test(name) ? 'organization' : 'person', String(kase.row.created_at), { ...folder, ...extra });
    const asked = org.def.platform === 'healthcare' ? ALLERGIES[name] : undefined;
    const recorder = kase.supportId ?? kase.managerId;
    const at = String(kase.row.created_at);
    if (asked === 'none') {
      const person = rows.people.find((p) => p.id === kase.row.person_id);
      if (person && !person.no_known_allergies_at) Object.assign(person, { no_known_allergies_at: at, no_known_allergies_by: recorder });
    } else if (asked && !rows.allergies.some((a) => a.person_id === kase.row.person_id)) {
      for (const allergy of asked) {
        rows.allergies.push({
          id: randomUUID(), organization_id: org.id, person_id: kase.row.person_id!, ...allergy, recorded_by: recorder, recorded_at: at,
          entered_in_error_at: null, entered_in_error_by: null, entered_in_error_reason: null,
        });
      }
    }
  }

  for (const kase of cases) {
    const specs = PARTIES[org.def.key][String(kase.row.patient_name)] ?? [];
    specs.forEach((spec, i) => {
      const at = new Date(Date.parse(String(kase.row.created_at)) + (i + 1) * 3_600_000).toISOString();
      const personId = personOf(spec.name, spec.kind ?? 'person', at);
      const partyId = randomUUID();
      rows.parties.push({ id: partyId, organization_id: org.id, case_id: kase.id, person_id: personId, role: spec.role, notes: spec.notes ?? null, added_by: kase.managerId, added_at: at });
      const label = spec.role === 'state-attorney' ? PARTY_ROLES[spec.role] : PARTY_ROLES[spec.role].charAt(0).toLowerCase() + PARTY_ROLES[spec.role].slice(1);
      rows.events.push({ id: randomUUID(), organization_id: org.id, case_id: kase.id, at, actor_id: kase.managerId, kind: 'party.added', summary: `Added ${spec.name} as ${label}`, details: JSON.stringify({ partyId, personId, role: spec.role }) });
    });
  }

  // The law firm checked the Ubuntu matter: the defendant was its own client in a completed matter.
  if (org.def.key === 'mokoena') {
    const matter = cases.find((c) => c.row.patient_name === 'Ubuntu Logistics (Pty) Ltd');
    const earlier = cases.find((c) => c.row.patient_name === 'Kwanele Trading CC');
    const kwanele = byName.get('Kwanele Trading CC');
    if (matter && earlier && kwanele) {
      const at = new Date(Date.parse(String(matter.row.created_at)) + 5 * 3_600_000).toISOString();
      const note = 'Kwanele Trading CC was our client in a completed contract dispute; no confidential information bears on this matter. Both clients consented in writing.';
      const hits = [{
        personId: kwanele, name: 'Kwanele Trading CC', roleHere: 'defendant', reason: 'same-person', adverse: true,
        otherCase: { id: earlier.id, reference: earlier.row.reference ?? null, patientName: 'Kwanele Trading CC', caseType: earlier.template.caseType, status: String(earlier.row.status), createdAt: String(earlier.row.created_at), role: 'client', restricted: false },
      }];
      const id = randomUUID();
      rows.conflictChecks.push({ id, organization_id: org.id, case_id: matter.id, result: 'conflict-noted', note, hits: JSON.stringify(hits), checked_by: matter.leadId, checked_at: at });
      rows.events.push({ id: randomUUID(), organization_id: org.id, case_id: matter.id, at, actor_id: matter.leadId, kind: 'conflict.checked', summary: `Conflict noted: ${note}`, details: JSON.stringify({ checkId: id, result: 'conflict-noted', hits: 1, adverse: 1 }) });
    }
  }
  return rows;
}
