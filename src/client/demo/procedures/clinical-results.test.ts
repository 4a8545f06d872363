import { describe, expect, it } from 'vitest';
import type { TCaseMedicationList, TCaseResultList } from '../../../shared/domain/clinical-results';
import type { TCase } from '../../../shared/domain/cases';
import type { TTimelinePage } from '../../../shared/domain/case-timeline';
import { dayKey } from '../../../shared/calendar';
import type { DemoIdentity } from '../../lib/demo-identity';
import { answer } from '../answer';
import { DemoError } from '../demo-error';
import { useFixedDemoClock } from '../fixed-demo-clock';

// Results and medications in demo mode (issue 22): the portal case shows its fixture record; a
// nurse's result and medication show in the session's lists and on the timeline; a stop is kept
// once (409 after); a Case Manager may not write; bad input names its fields.

const who = (userId: string, role: string, name: string): DemoIdentity => ({
  userId, role, name, isSuperAdmin: false, platform: 'healthcare', caseTerminology: 'patient',
});
const NURSE = who('registered_nurse', 'Nurse', 'Nomvula Dlamini');
const MANAGER = who('case_manager', 'Case Manager', 'Fatima Adams');
const DOCTOR = who('attending_physician', 'Doctor', 'Dr Pieter van der Merwe');

const call = <T>(path: string, input: unknown, as: DemoIdentity) => answer(path, input, as) as T;
function refusal(path: string, input: unknown, as: DemoIdentity): DemoError {
  try {
    answer(path, input, as);
  } catch (error) {
    if (error instanceof DemoError) return error;
    throw error;
  }
  throw new Error(`${path} did not refuse`);
}

useFixedDemoClock();

describe('demo results and medications', () => {
  it("records a nurse's result and a doctor's prescription in the session, stops it once, and writes the timeline", () => {
    const cases = call<{ items: TCase[] }>('cases.list', { pageSize: 200 }, NURSE).items;
    const kase = cases.find((c) => c.patientUserId !== null) ?? cases[0]!;
    const result = call<{ id: string; flag: string; status: string }>('results.create', { id: kase.id, test: 'Potassium', value: '6.1', unit: 'mmol/L', flag: 'High' }, NURSE);
    expect(result).toMatchObject({ flag: 'High', status: 'Abnormal' });
    expect(call<TCaseResultList>('results.list', { id: kase.id }, NURSE).items[0]).toMatchObject({ id: result.id, summary: '6.1 mmol/L', byName: 'Nomvula Dlamini' });
    // Issue 31: a nurse gives doses; prescribing is a doctor's.
    expect(refusal('medications.create', { id: kase.id, name: 'Paracetamol', dose: '1 g', route: 'oral', frequency: 'Six-hourly', startDate: dayKey() }, NURSE).code).toBe('FORBIDDEN');

    const med = call<{ id: string }>('medications.create', { id: kase.id, name: 'Paracetamol', dose: '1 g', route: 'oral', frequency: 'Six-hourly', startDate: dayKey() }, DOCTOR);
    expect(call<TCaseMedicationList>('medications.list', { id: kase.id }, DOCTOR).items.find((m) => m.id === med.id)).toMatchObject({ status: 'Active', route: 'oral', prescriberRole: 'Doctor' });
    expect(call('medications.stop', { id: med.id, stopDate: dayKey() }, DOCTOR)).toMatchObject({ status: 'Stopped', stoppedByName: 'Dr Pieter van der Merwe' });
    expect(refusal('medications.stop', { id: med.id, stopDate: dayKey() }, DOCTOR).code).toBe('CONFLICT');

    const kinds = call<TTimelinePage>('timeline.list', { id: kase.id }, DOCTOR).items.map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['medication.started', 'medication.stopped']));
  });

  it("warns a prescriber of Thabo Mabaso's recorded penicillin allergy before amoxicillin (409), and prescribes once confirmed", () => {
    const kase = call<{ items: TCase[] }>('cases.list', { pageSize: 200 }, DOCTOR).items.find((c) => c.patientName === 'Thabo Mabaso')!;
    const amoxicillin = { id: kase.id, name: 'Amoxicillin', dose: '500 mg', route: 'oral', frequency: 'Three times a day', startDate: dayKey() };
    const warned = refusal('medications.create', amoxicillin, DOCTOR);
    expect(warned.code).toBe('CONFLICT');
    expect(warned.fields?.name).toBe('Recorded allergy: Penicillin (severe); Amoxicillin is one of the penicillins. Confirm to prescribe anyway.');
    expect(call('medications.create', { ...amoxicillin, allergyAcknowledged: true }, DOCTOR)).toMatchObject({ name: 'Amoxicillin', status: 'Active' });
  });

  it('refuses a Case Manager (403) and names bad fields (400)', () => {
    const kase = call<{ items: TCase[] }>('cases.list', { pageSize: 200 }, MANAGER).items[0]!;
    expect(refusal('results.create', { id: kase.id, test: 'Sodium', value: '140' }, MANAGER).code).toBe('FORBIDDEN');
    const bad = refusal('medications.create', { id: kase.id, name: '', dose: '1', route: 'By post', frequency: 'Daily', startDate: dayKey() }, DOCTOR);
    expect(bad.code).toBe('BAD_REQUEST');
    expect(Object.keys(bad.fields ?? {}).sort()).toEqual(['name', 'route']);
  });
});
