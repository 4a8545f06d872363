import { afterEach, describe, expect, it } from 'vitest';
import type { TCharge } from '../../../shared/domain/medical-accounts';
import type { DemoIdentity } from '../../lib/demo-identity';
import { answer } from '../answer';
import { DemoError } from '../demo-error';
import { useFixedDemoClock } from '../fixed-demo-clock';
import { clearDemoOverlay } from '../overlay';

// Charges in demo mode (issue 33), as on the server: the fixture case carries charges from its
// encounters (PMB for the infarct); a new charge is priced from the starter list; no ICD-10 code is a
// 400 naming icd10Codes; a void is kept and a second one is 409; the legal platform has none.

const DOCTOR: DemoIdentity = { userId: 'attending_physician', role: 'Doctor', name: 'Dr Pieter van der Merwe', isSuperAdmin: false, platform: 'healthcare', caseTerminology: 'patient' };
const ADMIN: DemoIdentity = { userId: 'hospital_administrator', role: 'Administrator', name: 'Johan Botha', isSuperAdmin: false, platform: 'healthcare', caseTerminology: 'patient' };
const LAWYER: DemoIdentity = { userId: 'managing_partner', role: 'Director', name: 'Grace Naidoo', isSuperAdmin: false, platform: 'legal', caseTerminology: 'client' };

useFixedDemoClock();
afterEach(() => clearDemoOverlay());

function refusal(path: string, input: unknown, as: DemoIdentity): DemoError {
  try {
    answer(path, input, as);
  } catch (error) {
    if (error instanceof DemoError) return error;
    throw error;
  }
  throw new Error(`${path} was not refused`);
}

describe('demo charges', () => {
  it('shows the fixture charges, records one priced from the list, refuses a line without ICD-10, keeps a void', () => {
    const fixture = (answer('charges.list', { id: 'hc-case-01' }, ADMIN) as { items: TCharge[] }).items;
    expect(fixture.map((c) => c.code)).toEqual(expect.arrayContaining(['0192', '1232', '0173']));
    expect(fixture.find((c) => c.code === '0192')).toMatchObject({ pmb: true, encounterId: 'hc-case-01-encounter-1', amountCents: 890_00 });

    const made = answer('charges.record', { id: 'hc-case-01', serviceDate: '2026-03-02', tariffCode: '0190', quantity: 2, icd10Codes: ['E11.9'] }, DOCTOR) as TCharge;
    expect(made).toMatchObject({ unitPriceCents: 520_00, amountCents: 1_040_00, vatCents: 0, pmb: true });
    expect(Object.keys(refusal('charges.record', { id: 'hc-case-01', serviceDate: '2026-03-02', tariffCode: '0190', quantity: 1, icd10Codes: [] }, DOCTOR).fields ?? {})).toEqual(['icd10Codes']);
    expect(Object.keys(refusal('charges.record', { id: 'hc-case-01', serviceDate: '2026-03-02', tariffCode: '9999', quantity: 1, icd10Codes: ['I10'] }, DOCTOR).fields ?? {})).toEqual(['tariffCode']);

    expect(answer('charges.void', { id: made.id, reason: 'Wrong case' }, DOCTOR)).toMatchObject({ voided: true });
    expect(refusal('charges.void', { id: made.id, reason: 'again' }, DOCTOR).code).toBe('CONFLICT');
    expect(refusal('charges.list', { id: 'lg-case-01' }, LAWYER).code).toBe('FORBIDDEN');
    // The Administrator reads charges but records none (charges.record is the clinicians').
    expect(refusal('charges.record', { id: 'hc-case-01', serviceDate: '2026-03-02', tariffCode: '0190', quantity: 1, icd10Codes: ['I10'] }, ADMIN).code).toBe('FORBIDDEN');
  });
});
