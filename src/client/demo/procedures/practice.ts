import { type TBillingSettings, type TCover, ZBillingSettingsInput, ZPersonIdInput, ZPractitionerNumberInput, ZSaveCoverInput, TREATING_ROLES } from '../../../shared/domain/medical-accounts';
import { displayName } from '../fixtures/people';
import type { DemoContext } from '../context';
import { badRequest, notFound } from '../demo-error';
import { type DemoProcedures, procedure } from '../procedure';
import { findPerson, livePeople, putPerson } from './people-state';

// The practice's identity and a person's cover in demo mode (issue 33), with the server's rules
// (practice.service.ts, cover.service.ts). The demo hospital has a sample BHF practice number and no
// VAT number (not a vendor); practitioner numbers and cover typed in the session are kept for it.

const feature = 'medicalAccounts' as const;

interface SettingsRow extends Omit<TBillingSettings, 'practitioners'> { id: string }
interface PractitionerRow { id: string; practitionerNumber: string | null }
interface CoverRow extends Omit<TCover, 'dependants' | 'mainMemberName'> { id: string }

const SAMPLE_SETTINGS: SettingsRow = {
  id: 'practice', practiceNumber: '5412345', vatNumber: null, registeredVendor: false, updatedAt: null,
  bankDetails: { bankName: 'FNB', accountName: 'Thornhill General Hospital', accountNumber: '62812345678', branchCode: '250655', accountType: 'cheque' },
};

function settingsOf(ctx: DemoContext): TBillingSettings {
  const saved = ctx.overlay.rows<SettingsRow>('practiceSettings').find((r) => r.id === 'practice') ?? SAMPLE_SETTINGS;
  const numbers = new Map(ctx.overlay.rows<PractitionerRow>('practitionerNumbers').map((r) => [r.id, r.practitionerNumber]));
  const practitioners = ctx.members
    .filter((p) => (TREATING_ROLES as readonly string[]).includes(p.role))
    .map((p, i) => ({ userId: p.id, name: displayName(p), role: p.role, practitionerNumber: numbers.has(p.id) ? numbers.get(p.id)! : `03${String(10_000 + i * 137).padStart(5, '0')}` }));
  const { id: _id, ...settings } = saved;
  return { ...settings, practitioners };
}

/** The cover the person form holds when nothing else is recorded (as the server reads it). */
function coverOf(ctx: DemoContext, personId: string): TCover {
  const person = findPerson(ctx, personId);
  if (!person || person.mergedIntoId) throw notFound('Person');
  const rows = ctx.overlay.rows<CoverRow>('cover');
  const row = rows.find((r) => r.id === personId);
  const dependants = rows
    .filter((r) => r.mainMemberId === personId)
    .map((r) => ({ personId: r.personId, name: findPerson(ctx, r.personId)?.fullName ?? '', dependantCode: r.dependantCode }));
  if (row) {
    const { id: _id, ...cover } = row;
    return { ...cover, mainMemberName: row.mainMemberId ? (findPerson(ctx, row.mainMemberId)?.fullName ?? null) : null, dependants };
  }
  const aid = person.medicalAid;
  return {
    personId, kind: aid ? 'medical-aid' : 'cash', scheme: aid?.scheme ?? null, plan: null, option: null, membershipNumber: aid?.number ?? null,
    // The fixture's main members hold their own membership: dependant 00.
    dependantCode: aid && aid.mainMember === person.fullName ? '00' : null, mainMemberId: null, mainMemberName: null, dependants, updatedAt: null,
  };
}

export const practiceProcedures = {
  'practice.settings': procedure({ input: null, capability: 'accounts.manage', feature, run: settingsOf }),
  'practice.saveSettings': procedure({
    input: ZBillingSettingsInput,
    capability: 'billingSettings.manage',
    feature,
    run(ctx, input) {
      ctx.overlay.put<SettingsRow>('practiceSettings', {
        id: 'practice', practiceNumber: input.practiceNumber, vatNumber: input.vatNumber ?? null, bankDetails: input.bankDetails ?? null,
        registeredVendor: !!input.vatNumber, updatedAt: ctx.nowIso(),
      });
      return settingsOf(ctx);
    },
  }),
  'practice.setPractitionerNumber': procedure({
    input: ZPractitionerNumberInput,
    capability: 'billingSettings.manage',
    feature,
    run(ctx, input) {
      const persona = ctx.members.find((p) => p.id === input.userId);
      if (!persona) throw notFound('Member');
      if (input.practitionerNumber !== null && !(TREATING_ROLES as readonly string[]).includes(persona.role)) {
        const message = `A ${persona.role} does not treat patients, so bills under no practitioner number.`;
        throw badRequest(message, { userId: message });
      }
      ctx.overlay.put<PractitionerRow>('practitionerNumbers', { id: input.userId, practitionerNumber: input.practitionerNumber });
      return settingsOf(ctx);
    },
  }),
  'cover.get': procedure({ input: ZPersonIdInput, capability: 'people.view', feature, run: (ctx, input) => coverOf(ctx, input.id) }),
  'cover.save': procedure({
    input: ZSaveCoverInput,
    capability: 'people.manage',
    feature,
    run(ctx, { id, ...input }) {
      const person = findPerson(ctx, id);
      if (!person || person.mergedIntoId) throw notFound('Person');
      const aid = input.kind === 'medical-aid';
      const mainMemberId = aid ? (input.mainMemberId ?? null) : null;
      let holder = person.fullName;
      if (mainMemberId) {
        const refuse = (message: string) => badRequest(message, { mainMemberId: message });
        if (mainMemberId === id) throw refuse('A person is not their own main member: leave it empty for the main member.');
        const main = livePeople(ctx).find((p) => p.id === mainMemberId);
        if (!main) throw refuse('The main member is not a person of this organisation.');
        if (ctx.overlay.rows<CoverRow>('cover').find((r) => r.id === mainMemberId)?.mainMemberId) throw refuse('That person is a dependant themself: choose the main member of the membership.');
        if (input.dependantCode === '00') throw refuse('Dependant code 00 is the main member: a dependant has 01 or higher.');
        holder = main.fullName;
      }
      if (aid && !mainMemberId && input.dependantCode !== '00') {
        const message = 'The main member has dependant code 00; for a dependant, choose their main member.';
        throw badRequest(message, { dependantCode: message });
      }
      ctx.overlay.put<CoverRow>('cover', {
        id, personId: id, kind: input.kind, scheme: aid ? (input.scheme ?? null) : null, plan: aid ? (input.plan ?? null) : null, option: aid ? (input.option ?? null) : null,
        membershipNumber: aid ? (input.membershipNumber ?? null) : null, dependantCode: aid ? (input.dependantCode ?? null) : null, mainMemberId, updatedAt: ctx.nowIso(),
      });
      putPerson(ctx, { ...person, medicalAid: aid ? { scheme: input.scheme ?? '', number: input.membershipNumber ?? '', mainMember: holder } : null, version: person.version + 1 });
      return coverOf(ctx, id);
    },
  }),
} satisfies Partial<DemoProcedures>;
