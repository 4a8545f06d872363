import {
  ZCreatePersonInput,
  type TCreatePersonInput,
  type TPerson,
  type TPersonKind,
} from '../../../shared/domain/people';
import { checkSaIdNumber } from '../../../shared/sa/sa-id-number';

// The person dialog's form (issue 19): what the inputs hold (strings), and the shared schema's
// verdict on them. Medical aid is three inputs here and one object (or none) in the record.

export interface PersonFields {
  kind: TPersonKind;
  firstName: string;
  lastName: string;
  idNumber: string;
  passportNumber: string;
  passportCountry: string;
  dateOfBirth: string;
  sex: '' | 'female' | 'male';
  phone: string;
  email: string;
  address: string;
  preferredLanguage: string;
  medicalAidScheme: string;
  medicalAidNumber: string;
  medicalAidMainMember: string;
  notes: string;
}
export type PersonField = keyof PersonFields;

export const PERSON_FIELD_NAMES: readonly PersonField[] = [
  'kind', 'firstName', 'lastName', 'idNumber', 'passportNumber', 'passportCountry', 'dateOfBirth', 'sex', 'phone', 'email',
  'address', 'preferredLanguage', 'medicalAidScheme', 'medicalAidNumber', 'medicalAidMainMember', 'notes',
];

export function emptyPersonFields(partial: Partial<PersonFields> = {}): PersonFields {
  return {
    kind: 'person',
    firstName: '',
    lastName: '',
    idNumber: '',
    passportNumber: '',
    passportCountry: '',
    dateOfBirth: '',
    sex: '',
    phone: '',
    email: '',
    address: '',
    preferredLanguage: '',
    medicalAidScheme: '',
    medicalAidNumber: '',
    medicalAidMainMember: '',
    notes: '',
    ...partial,
  };
}

export function fieldsOfPerson(p: TPerson): PersonFields {
  return emptyPersonFields({
    kind: p.kind,
    firstName: p.firstName ?? '',
    lastName: p.lastName,
    idNumber: p.idNumber ?? '',
    passportNumber: p.passportNumber ?? '',
    passportCountry: p.passportCountry ?? '',
    dateOfBirth: p.dateOfBirth ?? '',
    sex: p.sex ?? '',
    phone: p.phone ?? '',
    email: p.email ?? '',
    address: p.address ?? '',
    preferredLanguage: p.preferredLanguage ?? '',
    medicalAidScheme: p.medicalAid?.scheme ?? '',
    medicalAidNumber: p.medicalAid?.number ?? '',
    medicalAidMainMember: p.medicalAid?.mainMember ?? '',
    notes: p.notes ?? '',
  });
}

/** "Thabo Mokoena" typed into a picker: the last word is the surname, the rest the first names. */
export function fieldsFromTypedName(typed: string, kind: TPersonKind = 'person'): Partial<PersonFields> {
  const text = typed.trim().replace(/\s+/g, ' ');
  if (!text) return { kind };
  if (/^\d[\d\s]*$/.test(text)) return { kind, idNumber: text.replace(/\s+/g, '') };
  if (kind === 'organization') return { kind, lastName: text };
  const words = text.split(' ');
  if (words.length === 1) return { kind, firstName: words[0] };
  return { kind, firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1] };
}

function rawInput(fields: PersonFields): Record<string, unknown> {
  const aid = [fields.medicalAidScheme, fields.medicalAidNumber, fields.medicalAidMainMember];
  const organisation = fields.kind === 'organization';
  return {
    kind: fields.kind,
    firstName: organisation ? '' : fields.firstName,
    lastName: fields.lastName,
    idNumber: organisation ? '' : fields.idNumber,
    passportNumber: organisation ? '' : fields.passportNumber,
    passportCountry: organisation ? '' : fields.passportCountry,
    dateOfBirth: organisation ? '' : fields.dateOfBirth,
    sex: organisation ? '' : fields.sex,
    phone: fields.phone,
    email: fields.email,
    address: fields.address,
    preferredLanguage: organisation ? '' : fields.preferredLanguage,
    medicalAid: organisation || aid.every((v) => v.trim() === '') ? null : { scheme: fields.medicalAidScheme, number: fields.medicalAidNumber, mainMember: fields.medicalAidMainMember },
    notes: fields.notes,
  };
}

/** A schema or server path ('medicalAid.scheme') as the form field that shows it. */
export function formFieldOfPath(path: string): PersonField | null {
  const medical: Record<string, PersonField> = { 'medicalAid.scheme': 'medicalAidScheme', 'medicalAid.number': 'medicalAidNumber', 'medicalAid.mainMember': 'medicalAidMainMember', medicalAid: 'medicalAidScheme' };
  const aid = medical[path];
  if (aid) return aid;
  return (PERSON_FIELD_NAMES as readonly string[]).includes(path) ? (path as PersonField) : null;
}

export type PersonValidation = { ok: true; input: TCreatePersonInput } | { ok: false; errors: Partial<Record<PersonField, string>> };

export function validatePersonFields(fields: PersonFields): PersonValidation {
  const parsed = ZCreatePersonInput.safeParse(rawInput(fields));
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: Partial<Record<PersonField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = formFieldOfPath(issue.path.join('.'));
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/**
 * The ID number as it is typed: nothing to say while it is empty or short of 13 digits (a hint of
 * how many), then the check's reason, or the date of birth and sex it gives.
 */
export function idNumberFeedback(raw: string): { kind: 'none' | 'hint' | 'error' | 'ok'; text: string; facts?: { dateOfBirth: string; sex: 'female' | 'male' } } {
  const digits = raw.replace(/\s+/g, '');
  if (!digits) return { kind: 'none', text: '' };
  if (/^\d+$/.test(digits) && digits.length < 13) return { kind: 'hint', text: `${digits.length} of 13 digits` };
  const check = checkSaIdNumber(digits);
  if (!check.ok) return { kind: 'error', text: check.reason };
  return {
    kind: 'ok',
    text: `Valid: born ${check.facts.dateOfBirth}, ${check.facts.sex}, ${check.facts.citizenship === 'citizen' ? 'SA citizen' : check.facts.citizenship}`,
    facts: { dateOfBirth: check.facts.dateOfBirth, sex: check.facts.sex },
  };
}
