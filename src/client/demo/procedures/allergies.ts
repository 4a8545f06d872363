import {
  type TAllergy,
  type TAllergyList,
  ZCreateAllergyInput,
  ZEnteredInErrorInput,
  ZNoKnownAllergiesInput,
  allergyList,
} from '../../../shared/domain/allergies';
import { ZPersonIdInput } from '../../../shared/domain/people';
import type { TPerson } from '../../../shared/domain/people';
import { type DemoContext, myName, nameOf } from '../context';
import { DemoError, badRequest, conflict, notFound } from '../demo-error';
import { DEMO_ALLERGIES, NO_KNOWN_ALLERGIES } from '../fixtures/allergies';
import { type DemoProcedures, procedure } from '../procedure';
import { ZCaseIdInput } from '../../../shared/domain/cases';
import { ageInYears } from '../../../shared/domain/patient-banner';
import { allAdmissions } from './admissions';
import { openCase } from './case-file-state';
import { allPeople, idNumberShown } from './people-state';

// Allergies on the person in demo mode (issue 31), with the server's rules (allergies.service.ts):
// never deleted, entered-in-error once, "no known allergies" refused while an allergy is active.

const feature = 'medicalRecords' as const;
const DAY_MS = 86_400_000;

interface NoKnownRow {
  id: string; // the person's id
  at: string | null; // null: cleared by an allergy recorded in the session
  byId: string | null;
}

function fixtureAllergies(ctx: DemoContext, people: readonly TPerson[]): TAllergy[] {
  if (ctx.platform !== 'healthcare') return [];
  return DEMO_ALLERGIES.flatMap((seed, i) => {
    const person = people.find((p) => p.fullName === seed.person);
    if (!person) return [];
    return [{
      id: `hc-allergy-${i + 1}`, personId: person.id, substance: seed.substance, reaction: seed.reaction, severity: seed.severity,
      recordedAt: new Date(ctx.anchor.getTime() - seed.daysAgo * DAY_MS).toISOString(), recordedBy: nameOf(ctx, seed.by), enteredInError: null,
    }];
  });
}

function noKnownRows(ctx: DemoContext, people: readonly TPerson[]): NoKnownRow[] {
  const base: NoKnownRow[] = ctx.platform !== 'healthcare' ? [] : NO_KNOWN_ALLERGIES.flatMap((seed) => {
    const person = people.find((p) => p.fullName === seed.person);
    return person ? [{ id: person.id, at: new Date(ctx.anchor.getTime() - seed.daysAgo * DAY_MS).toISOString(), byId: seed.by }] : [];
  });
  return ctx.overlay.merge<NoKnownRow>('noKnownAllergies', base);
}

function requirePerson(ctx: DemoContext, id: string, forWrite: boolean): TPerson {
  const person = allPeople(ctx).find((p) => p.id === id);
  if (!person) throw notFound('Person');
  if (forWrite && person.mergedIntoId) throw conflict('This record was merged into another person; record allergies there', { id: 'This record was merged into another person' });
  if (forWrite && person.kind !== 'person') throw badRequest('Allergies are recorded for a person, not an organisation', { id: 'Choose a person' });
  return person;
}

function requireHospital(ctx: DemoContext): void {
  if (ctx.platform !== 'healthcare') throw new DemoError('FORBIDDEN', 'Allergies are recorded on the healthcare platform.');
}

const allAllergies = (ctx: DemoContext): TAllergy[] => ctx.overlay.merge<TAllergy>('allergies', fixtureAllergies(ctx, allPeople(ctx)));

/** The person's allergies as the server lists them (also read by the banner and the prescribing warning). */
export function demoAllergiesOf(ctx: DemoContext, personId: string): TAllergyList {
  const row = noKnownRows(ctx, allPeople(ctx)).find((r) => r.id === personId);
  const noKnown = row?.at ? { at: row.at, by: nameOf(ctx, row.byId) } : null;
  return allergyList(allAllergies(ctx).filter((a) => a.personId === personId), noKnown);
}

export const allergiesProcedures = {
  'allergies.list': procedure({
    input: ZPersonIdInput,
    capability: 'records.view',
    feature,
    run: (ctx, input) => demoAllergiesOf(ctx, requirePerson(ctx, input.id, false).id),
  }),

  'allergies.create': procedure({
    input: ZCreateAllergyInput,
    capability: 'records.write',
    feature,
    run(ctx, input) {
      requireHospital(ctx);
      const person = requirePerson(ctx, input.id, true);
      const allergy = ctx.overlay.put<TAllergy>('allergies', {
        id: ctx.newId(), personId: person.id, substance: input.substance, reaction: input.reaction, severity: input.severity,
        recordedAt: ctx.nowIso(), recordedBy: myName(ctx), enteredInError: null,
      });
      // An allergy on record ends "no known allergies".
      ctx.overlay.put<NoKnownRow>('noKnownAllergies', { id: person.id, at: null, byId: null });
      return allergy;
    },
  }),

  'allergies.enteredInError': procedure({
    input: ZEnteredInErrorInput,
    capability: 'records.write',
    feature,
    run(ctx, input) {
      requireHospital(ctx);
      const allergy = allAllergies(ctx).find((a) => a.id === input.id);
      if (!allergy) throw notFound('Allergy');
      if (allergy.enteredInError) throw conflict('This allergy was already marked entered in error', { id: 'Already marked entered in error' });
      return ctx.overlay.put<TAllergy>('allergies', { ...allergy, enteredInError: { at: ctx.nowIso(), by: myName(ctx), reason: input.reason } });
    },
  }),

  'allergies.noKnownAllergies': procedure({
    input: ZNoKnownAllergiesInput,
    capability: 'records.write',
    feature,
    run(ctx, input) {
      requireHospital(ctx);
      const person = requirePerson(ctx, input.id, true);
      const active = demoAllergiesOf(ctx, person.id).items.filter((a) => a.enteredInError === null);
      if (active.length > 0) {
        const names = active.map((a) => a.substance).join(', ');
        throw conflict(`Allergies are on record (${names}); mark them entered in error first if they are wrong`, { id: `Allergies on record: ${names}` });
      }
      ctx.overlay.put<NoKnownRow>('noKnownAllergies', { id: person.id, at: ctx.nowIso(), byId: ctx.me.id });
      return demoAllergiesOf(ctx, person.id);
    },
  }),
} satisfies Partial<DemoProcedures>;

// ---- the patient banner (cases.banner) -----------------------------------------------------------

/** A stable folder number per demo person, seven digits as the hospital's seed gives its patients. */
const folderNumberOf = (personId: string): string => String(1_000_000 + ((Number(personId.replace(/\D/g, '')) * 79_193) % 9_000_000));

export const patientBannerProcedures = {
  'cases.banner': procedure({
    input: ZCaseIdInput,
    capability: 'records.view',
    feature,
    run(ctx, input) {
      const kase = openCase(ctx, input.id);
      const person = kase.personId ? allPeople(ctx).find((p) => p.id === kase.personId) : undefined;
      const stays = allAdmissions(ctx).filter((a) => a.caseId === kase.id).sort((a, b) => b.admittedAt.localeCompare(a.admittedAt));
      const stay = stays[0];
      return {
        caseId: kase.id,
        personId: person?.id ?? null,
        name: person?.fullName ?? kase.patientName,
        dateOfBirth: person?.dateOfBirth ?? null,
        ageYears: person?.dateOfBirth ? ageInYears(person.dateOfBirth, ctx.nowIso()) : null,
        sex: person?.sex ?? null,
        idNumber: person ? idNumberShown(ctx, person.idNumber) : null,
        passportNumber: person?.passportNumber ?? null,
        folderNumber: person && ctx.platform === 'healthcare' ? folderNumberOf(person.id) : null,
        allergies: person ? demoAllergiesOf(ctx, person.id) : null,
        alerts: kase.urgentFlags,
        bed: stay && !stay.dischargedAt ? { admissionId: stay.id, bedNumber: stay.bedNumber, ward: stay.ward, admittedAt: stay.admittedAt } : null,
        lastDischarge: stay?.dischargedAt ? { at: stay.dischargedAt, disposition: stay.disposition ?? null } : null,
      };
    },
  }),
} satisfies Partial<DemoProcedures>;
