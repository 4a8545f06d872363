import { z } from 'zod';
import { checkSaIdNumber } from '../sa/sa-id-number';
import { optionalText, requiredText } from './cases';

// The person registry (issue 19): one record per person (or organisation, as a party) in an
// organisation; every case belongs to a person, and parties on cases are people of the registry.
// A South African ID number is checked (13 digits, date of birth, Luhn) and must agree with the
// record's date of birth and sex; a passport number carries its country.

export const PERSON_KINDS = ['person', 'organization'] as const;
export const ZPersonKind = z.enum(PERSON_KINDS);
export type TPersonKind = z.infer<typeof ZPersonKind>;

export const SEXES = ['female', 'male'] as const;
export const ZSex = z.enum(SEXES, { error: 'Choose female or male' });

/** The languages of the Constitution s6(1) and South African Sign Language (2023 amendment). */
export const PREFERRED_LANGUAGES = [
  'English', 'Afrikaans', 'isiZulu', 'isiXhosa', 'Sepedi', 'Setswana', 'Sesotho', 'Xitsonga', 'siSwati', 'Tshivenda', 'isiNdebele', 'South African Sign Language',
] as const;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const isoDay = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 1985-03-14')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'Not a real date')
    .nullish(),
).transform((v) => v ?? null);
const idNumberText = z.preprocess(
  (v) => (typeof v === 'string' ? (v.replace(/\s+/g, '') === '' ? undefined : v.replace(/\s+/g, '')) : v),
  z
    .string()
    .max(13, 'An ID number has 13 digits')
    .refine((v) => checkSaIdNumber(v).ok, { error: (issue) => { const c = checkSaIdNumber(String(issue.input)); return c.ok ? 'Invalid ID number' : c.reason; } })
    .nullish(),
).transform((v) => v ?? null);

export const ZMedicalAid = z.object({
  scheme: requiredText('Medical aid scheme is required', 100),
  number: requiredText('Medical aid number is required', 50),
  mainMember: requiredText('Main member is required', 200),
});
export type TMedicalAid = z.infer<typeof ZMedicalAid>;

const PERSON_FIELDS = {
  kind: ZPersonKind.default('person'),
  /** Empty for an organisation. */
  firstName: optionalText(100),
  /** The surname, or an organisation's name. */
  lastName: requiredText('Last name is required', 200),
  idNumber: idNumberText,
  passportNumber: optionalText(30),
  passportCountry: optionalText(60),
  dateOfBirth: isoDay,
  sex: z.preprocess(blankToUndefined, ZSex.nullish()).transform((v) => v ?? null),
  phone: optionalText(30),
  email: z.preprocess(blankToUndefined, z.email('Enter a valid e-mail address').max(200).nullish()).transform((v) => v ?? null),
  address: optionalText(500),
  preferredLanguage: optionalText(60),
  medicalAid: ZMedicalAid.nullish().transform((v) => v ?? null),
  notes: optionalText(5000),
};

type PersonFacts = { kind?: TPersonKind; firstName?: string | null; idNumber?: string | null; passportNumber?: string | null; passportCountry?: string | null; dateOfBirth?: string | null; sex?: 'female' | 'male' | null };

/**
 * The rules across fields, for create and edit alike: the ID number's date of birth and sex must be
 * the record's (a record without them takes them from the number: see people.service); a passport
 * names its country; a person has a first name.
 */
export function personConsistencyIssues(p: PersonFacts): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (p.kind !== 'organization' && p.firstName === null) issues.push({ path: 'firstName', message: 'First name is required' });
  if (p.passportNumber && !p.passportCountry) issues.push({ path: 'passportCountry', message: 'Name the country that issued the passport' });
  if (p.idNumber) {
    const check = checkSaIdNumber(p.idNumber);
    if (check.ok) {
      if (p.dateOfBirth && p.dateOfBirth !== check.facts.dateOfBirth) {
        issues.push({ path: 'idNumber', message: `The ID number gives date of birth ${check.facts.dateOfBirth}, not ${p.dateOfBirth}` });
      }
      if (p.sex && p.sex !== check.facts.sex) issues.push({ path: 'idNumber', message: `The ID number is a ${check.facts.sex}'s number, the record says ${p.sex}` });
    }
  }
  return issues;
}

/**
 * An SA ID number is one person's per organisation (issue 32, decision 0058): saving it on a second
 * record is a 409 whose body names the field and the person who holds it (`existing: {id, name}`).
 */
export const idNumberTaken = (holderName: string) => ({
  message: `This SA ID number belongs to ${holderName}, who is already in the registry. Use that record (or merge the two) instead of adding a second one.`,
  field: `This SA ID number is already ${holderName}'s`,
});

export const ZCreatePersonInput = z.object(PERSON_FIELDS).superRefine((p, ctx) => {
  for (const issue of personConsistencyIssues(p)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
});
export type TCreatePersonInput = z.infer<typeof ZCreatePersonInput>;

/** PATCH: any subset, with the version the editor saw (a stale one is 409 with the current person). */
export const ZUpdatePersonInput = z.object({
  id: z.string().min(1).max(64),
  ...Object.fromEntries(Object.entries(PERSON_FIELDS).filter(([key]) => key !== 'kind').map(([key, schema]) => [key, schema.optional()])) as {
    [K in Exclude<keyof typeof PERSON_FIELDS, 'kind'>]: z.ZodOptional<(typeof PERSON_FIELDS)[K]>;
  },
  expectedVersion: z.coerce.number().int().min(1, 'Version must be 1 or more'),
});
export type TUpdatePersonInput = z.infer<typeof ZUpdatePersonInput>;

export const ZPerson = z.object({
  id: z.string(),
  kind: ZPersonKind,
  firstName: z.string().nullable(),
  lastName: z.string(),
  /** "Thabo Mokoena", or the organisation's name. */
  fullName: z.string(),
  idNumber: z.string().nullable(),
  passportNumber: z.string().nullable(),
  passportCountry: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  sex: ZSex.nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  preferredLanguage: z.string().nullable(),
  medicalAid: ZMedicalAid.nullable(),
  notes: z.string().nullable(),
  /** The portal Patient account linked to this person. */
  userId: z.string().nullable(),
  /** Set on a record merged into another: the survivor's id. */
  mergedIntoId: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPerson = z.infer<typeof ZPerson>;

export const ZPersonListInput = z.object({
  search: z.preprocess(blankToUndefined, z.string().trim().max(100, 'Search must be at most 100 characters').optional()),
  kind: z.preprocess(blankToUndefined, ZPersonKind.optional()),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
}).default({ page: 1, pageSize: 25 });
export type TPersonListInput = z.infer<typeof ZPersonListInput>;

export const ZPersonList = z.object({ items: z.array(ZPerson), total: z.number(), page: z.number(), pageSize: z.number() });
export type TPersonList = z.infer<typeof ZPersonList>;

/** A case of a person, as the person page and the match list show it. */
export const ZPersonCase = z.object({
  id: z.string(),
  reference: z.string().nullable(),
  patientName: z.string(),
  caseType: z.string(),
  status: z.string(),
  createdAt: z.string(),
  /** This person's part in the case: 'client' / 'patient' for the case's own person, else the party role. */
  role: z.string(),
  restricted: z.boolean(),
});
export type TPersonCase = z.infer<typeof ZPersonCase>;

export const ZPersonAppointment = z.object({ id: z.string(), caseId: z.string().nullable(), title: z.string(), startTime: z.string(), status: z.string() });
export const ZPersonDocument = z.object({ id: z.string(), caseId: z.string(), fileName: z.string(), uploadedAt: z.string() });

/** GET /api/people/{id}: the person with every case, appointment and document across their cases. */
export const ZPersonDetail = ZPerson.extend({
  cases: z.array(ZPersonCase),
  appointments: z.array(ZPersonAppointment),
  documents: z.array(ZPersonDocument),
});
export type TPersonDetail = z.infer<typeof ZPersonDetail>;

export const ZPersonIdInput = z.object({ id: z.string().min(1).max(64) });

/** GET /api/people/matches: the duplicate and conflict check before a person or a party is added. */
export const ZPersonMatchesInput = z.object({
  idNumber: z.preprocess(blankToUndefined, z.string().trim().max(20).optional()),
  name: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  dateOfBirth: z.preprocess(blankToUndefined, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 1985-03-14').optional()),
});
export type TPersonMatchesInput = z.infer<typeof ZPersonMatchesInput>;

export const PERSON_MATCH_REASONS = ['idNumber', 'name'] as const;
export const ZPersonMatch = z.object({ person: ZPerson, reason: z.enum(PERSON_MATCH_REASONS), cases: z.array(ZPersonCase) });
export type TPersonMatch = z.infer<typeof ZPersonMatch>;
export const ZPersonMatches = z.object({ items: z.array(ZPersonMatch) });
export type TPersonMatches = z.infer<typeof ZPersonMatches>;

/** POST /api/people/{id}/merge: `duplicateId` is folded into `id`, which stays. */
export const ZMergePeopleInput = z.object({ id: z.string().min(1).max(64), duplicateId: z.string().min(1).max(64) });
export type TMergePeopleInput = z.infer<typeof ZMergePeopleInput>;
export const ZMergePeopleResult = z.object({ person: ZPerson, movedCases: z.number(), movedParties: z.number() });
export type TMergePeopleResult = z.infer<typeof ZMergePeopleResult>;

/** POPIA s23 for a person: every read or change of anything of theirs, across their cases. */
export const ZPersonAccessEntry = z.object({
  at: z.string(),
  userId: z.string().nullable(),
  userName: z.string(),
  role: z.string().nullable(),
  action: z.string(),
  entityType: z.string().nullable(),
  caseId: z.string().nullable(),
  caseReference: z.string().nullable(),
  outcome: z.string(),
});
export type TPersonAccessEntry = z.infer<typeof ZPersonAccessEntry>;
export const ZPersonAccessReport = z.object({
  person: z.object({ id: z.string(), fullName: z.string() }),
  items: z.array(ZPersonAccessEntry),
});
export type TPersonAccessReport = z.infer<typeof ZPersonAccessReport>;

/** "Thabo Mokoena"; an organisation is its name alone. */
export function personFullName(p: { kind?: TPersonKind; firstName?: string | null; lastName: string }): string {
  return p.kind === 'organization' || !p.firstName ? p.lastName : `${p.firstName} ${p.lastName}`;
}
