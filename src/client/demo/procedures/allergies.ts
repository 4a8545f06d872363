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
import { allPeople } from './people-state';

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
