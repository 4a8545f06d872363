import { ZCaseIdInput } from '../../../shared/domain/cases';
import { BILLING_CODE_SEARCH_LIMIT, ZBillingCodeSearch, type TCharge, type TCodeList } from '../../../shared/domain/medical-accounts';
import { ZCorrectChargeInput, ZRecordChargeInput, ZVoidChargeInput } from '../../../shared/billing-codes/charge-inputs';
import { isPmb } from '../../../shared/billing-codes/cdl';
import { searchBillingCodes, starterCodes } from '../../../shared/billing-codes/search';
import { starterIcd10Index } from '../../../shared/icd10-search';
import { type DemoContext, myName, nameOf } from '../context';
import { DemoError, badRequest, conflict, notFound } from '../demo-error';
import { type DemoProcedures, procedure } from '../procedure';
import { appendEvent, openCase } from './case-file-state';
import { allCases } from './cases';
import { encountersProcedures } from './encounters';

// Code lists and charges in demo mode (issue 33), with the server's rules (charges.service.ts): the
// demo practice uses the starter tariff and NAPPI lists (it is not a VAT vendor: no VAT), every line
// needs ICD-10 codes of the starter list, PMB when one is on the Chronic Disease List, a void keeps
// the charge. The first healthcare cases carry a few charges from their fixture encounters; the
// fixture accounts (medical-accounts.ts) bill some of them, so those show as billed here.

const feature = 'medicalAccounts' as const;
const DAY_MS = 86_400_000;

export type DemoChargeRow = TCharge & {
  voidReason?: string | null;
  /** Its account line left draft (claimed): as on the server, the charge can no longer be corrected. */
  claimed?: boolean;
};

interface Sample {
  caseNo: number;
  encounterNo: number | null;
  daysAgo: number;
  list: TCodeList;
  code: string;
  quantity: number;
  icd10: string[];
  /** The number of the fixture account that bills it (medical-accounts.ts), if any. */
  account?: number;
}
// Case 02's visit is on account 1 (claimed, partly paid); case 01's first visit on account 2 (awaiting
// its claim); case 01's ward round is unbilled: it wants an authorisation number first.
const SAMPLES: Sample[] = [
  { caseNo: 1, encounterNo: 1, daysAgo: 2, list: 'tariff', code: '0192', quantity: 1, icd10: ['I21.9', 'I10'], account: 2 },
  { caseNo: 1, encounterNo: 1, daysAgo: 2, list: 'tariff', code: '1232', quantity: 1, icd10: ['I21.9'], account: 2 },
  { caseNo: 1, encounterNo: 2, daysAgo: 1, list: 'tariff', code: '0173', quantity: 1, icd10: ['I21.9'] },
  { caseNo: 2, encounterNo: 1, daysAgo: 1, list: 'tariff', code: '0190', quantity: 1, icd10: ['J18.9'], account: 1 },
  { caseNo: 2, encounterNo: 1, daysAgo: 1, list: 'nappi', code: '900104001', quantity: 1, icd10: ['J18.9'], account: 1 },
];
const caseIdOf = (s: Sample) => `hc-case-${String(s.caseNo).padStart(2, '0')}`;
const chargeIdOf = (s: Sample, i: number) => `${caseIdOf(s)}-charge-${i + 1}`;

/** The fixture accounts medical-accounts.ts builds: account 1 was claimed, account 2 not yet. */
export const FIXTURE_CLAIMED_ACCOUNT = 1;
export const fixtureAccountId = (number: number): string => `hc-account-${number}`;

/** The fixture charges a fixture account bills, in the samples' order. */
export function fixtureAccountChargeIds(number: number): string[] {
  return SAMPLES.flatMap((s, i) => (s.account === number ? [chargeIdOf(s, i)] : []));
}

function requireHealthcare(ctx: DemoContext): void {
  if (ctx.platform !== 'healthcare') throw new DemoError('FORBIDDEN', 'Medical accounts are part of the healthcare platform.');
}

function fixtureCharges(ctx: DemoContext): DemoChargeRow[] {
  if (ctx.platform !== 'healthcare') return [];
  const cases = allCases(ctx);
  return SAMPLES.flatMap((s, i) => {
    const code = starterCodes(s.list).find((c) => c.code === s.code);
    if (!code) return [];
    const caseId = caseIdOf(s);
    const kase = cases.find((c) => c.id === caseId);
    if (!kase) return [];
    const doctor = nameOf(ctx, kase.assignedDoctorId);
    const at = new Date(ctx.anchor.getTime() - s.daysAgo * DAY_MS).toISOString();
    const amount = s.quantity * code.priceCents;
    return [{
      id: chargeIdOf(s, i), caseId, encounterId: s.encounterNo ? `${caseId}-encounter-${s.encounterNo}` : null, serviceDate: at.slice(0, 10),
      codeList: s.list, code: code.code, description: code.description, quantity: s.quantity, unitPriceCents: code.priceCents, amountCents: amount, vatCents: 0,
      icd10Codes: s.icd10, modifier: null, authorisationNumber: null, needsAuthorisation: code.needsAuthorisation, pmb: isPmb(s.icd10),
      treatingPractitioner: doctor, createdBy: doctor, createdAt: at,
      accountId: s.account ? fixtureAccountId(s.account) : null, accountNumber: s.account ?? null, voided: false, claimed: s.account === FIXTURE_CLAIMED_ACCOUNT,
    }];
  });
}

/** Every charge of the demo practice (fixtures and the session's), for other demo parts (accounts). */
export function demoCharges(ctx: DemoContext): DemoChargeRow[] {
  return ctx.overlay.merge<DemoChargeRow>('charges', fixtureCharges(ctx));
}

/** The charges of a case the visitor may read (need to know as the server: 403 for a restricted case). */
export function demoChargesOfCase(ctx: DemoContext, caseId: string): DemoChargeRow[] {
  const kase = openCase(ctx, caseId);
  return demoCharges(ctx)
    .filter((c) => c.caseId === kase.id)
    .sort((a, b) => b.serviceDate.localeCompare(a.serviceDate) || b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

const shown = ({ voidReason: _reason, claimed: _claimed, ...charge }: DemoChargeRow): TCharge => charge;

function chargeOf(ctx: DemoContext, id: string): DemoChargeRow {
  const row = demoCharges(ctx).find((c) => c.id === id);
  if (!row) throw notFound('Charge');
  openCase(ctx, row.caseId);
  return row;
}

const search = (list: TCodeList) => (_ctx: DemoContext, input: { q?: string }) => ({
  items: searchBillingCodes(starterCodes(list), input.q, BILLING_CODE_SEARCH_LIMIT).map((c) => ({ code: c.code, description: c.description, priceCents: c.priceCents })),
});

export const chargesProcedures = {
  'billingCodes.tariffs': procedure({ input: ZBillingCodeSearch, capability: 'records.view', feature, run: search('tariff') }),
  'billingCodes.nappi': procedure({ input: ZBillingCodeSearch, capability: 'records.view', feature, run: search('nappi') }),

  'charges.list': procedure({
    input: ZCaseIdInput,
    capability: 'records.view',
    feature,
    run: (ctx, input) => ({ items: demoChargesOfCase(ctx, input.id).map(shown) }),
  }),

  'charges.record': procedure({
    input: ZRecordChargeInput,
    capability: 'charges.record',
    feature,
    run(ctx, input) {
      requireHealthcare(ctx);
      const kase = openCase(ctx, input.id);
      const list: TCodeList = input.tariffCode ? 'tariff' : 'nappi';
      const field = list === 'tariff' ? 'tariffCode' : 'nappiCode';
      const codeText = (input.tariffCode ?? input.nappiCode)!;
      const code = starterCodes(list).find((c) => c.code === codeText);
      if (!code) {
        const message = `${codeText} is not on the practice's ${list === 'tariff' ? 'tariff' : 'NAPPI'} list`;
        throw badRequest(message, { [field]: message });
      }
      const icd10 = [...new Set(input.icd10Codes)];
      const index = starterIcd10Index();
      const unknown = icd10.filter((c) => !index.byCode.get(c));
      if (unknown.length > 0) {
        const message = `${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not on the organisation's ICD-10 code list`;
        throw badRequest(message, { icd10Codes: message });
      }
      if (input.encounterId) {
        const encounters = encountersProcedures['encounters.list'].run(ctx, { id: kase.id }) as { items: Array<{ id: string }> };
        if (!encounters.items.some((e) => e.id === input.encounterId)) throw badRequest('The encounter is not one of this case', { encounterId: 'Choose an encounter of this case' });
      }
      const unit = input.unitPriceCents ?? code.priceCents;
      const row: DemoChargeRow = {
        id: ctx.newId(), caseId: kase.id, encounterId: input.encounterId ?? null, serviceDate: input.serviceDate, codeList: list, code: code.code,
        description: code.description, quantity: input.quantity, unitPriceCents: unit, amountCents: input.quantity * unit, vatCents: 0, icd10Codes: icd10,
        modifier: input.modifier ?? null, authorisationNumber: input.authorisationNumber ?? null, needsAuthorisation: code.needsAuthorisation, pmb: isPmb(icd10),
        treatingPractitioner: myName(ctx), createdBy: myName(ctx), createdAt: ctx.nowIso(), accountId: null, accountNumber: null, voided: false,
      };
      ctx.overlay.put('charges', row);
      appendEvent(ctx, kase.id, 'charge.recorded', `Charge recorded: ${code.code} × ${input.quantity}`);
      return shown(row);
    },
  }),

  'charges.void': procedure({
    input: ZVoidChargeInput,
    capability: 'charges.record',
    feature,
    run(ctx, input) {
      const row = chargeOf(ctx, input.id);
      if (row.accountId) throw conflict(`This charge is on account ${row.accountNumber}; reverse the account line instead`);
      if (row.voided) throw conflict('This charge was already voided');
      const voided = ctx.overlay.put<DemoChargeRow>('charges', { ...row, voided: true, voidReason: input.reason });
      appendEvent(ctx, row.caseId, 'charge.voided', `Charge voided: ${row.code} × ${row.quantity}`);
      return shown(voided);
    },
  }),

  'charges.correct': procedure({
    input: ZCorrectChargeInput,
    capability: 'accounts.manage',
    feature,
    run(ctx, input) {
      const row = chargeOf(ctx, input.id);
      if (row.voided) throw conflict('This charge was voided');
      if (row.accountId && row.claimed) throw conflict(`This charge's line on account ${row.accountNumber} was already submitted; it can no longer be changed`);
      return shown(ctx.overlay.put<DemoChargeRow>('charges', { ...row, authorisationNumber: input.authorisationNumber }));
    },
  }),
} satisfies Partial<DemoProcedures>;
