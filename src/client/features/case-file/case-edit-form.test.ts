import { describe, expect, it } from 'vitest';
import type { TCaseShown } from '../../../shared/domain/cases';
import { buildCaseEdit, fieldsOf } from './case-edit-form';

const seen: TCaseShown = {
  id: 'case-1',
  patientName: 'Thabo Mabaso',
  patientUserId: null,
  caseType: 'Surgery',
  description: null,
  priority: 'Medium',
  status: 'Scheduled',
  scheduledDate: '2026-11-23T08:00:00.000Z',
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
  assignedDoctorId: null,
  assignedDoctor: null,
  assignedNurseId: null,
  assignedNurse: null,
  caseManagerId: null,
  caseManager: null,
  department: 'Surgery',
  admissionDate: '2026-11-19T22:00:00.000Z',
  estimatedDischarge: null,
  progressPercentage: 40,
  bedNumber: null,
  treatmentPlan: null,
  notes: null,
  urgentFlags: ['Allergy: penicillin'],
  completedAt: null,
  version: 7,
  reference: 'TCH-2026-00001',
  restricted: false,
  personId: null,
};

describe('the edit dialog of a case', () => {
  it('sends only the fields the person changed, with the version they saw', () => {
    const fields = { ...fieldsOf(seen), priority: 'High', department: '  ' };
    const result = buildCaseEdit(seen, fields);
    expect(result).toEqual({
      ok: true,
      changed: ['priority', 'department'],
      input: {
        id: 'case-1',
        expectedVersion: 7,
        priority: 'High',
        department: null,
      },
    });
  });

  it('changes nothing when the form is as it was opened (dates read back in SA time)', () => {
    const result = buildCaseEdit(seen, fieldsOf(seen));
    expect(result).toEqual({
      ok: true,
      changed: [],
      input: { id: 'case-1', expectedVersion: 7 },
    });
  });

  it('reads a typed day and time as South African time and flags one a line', () => {
    const result = buildCaseEdit(seen, {
      ...fieldsOf(seen),
      scheduledDate: '2026-11-24T10:30',
      estimatedDischarge: '2026-12-01',
      urgentFlags: 'Diabetic\n Fall risk ,',
    });
    expect(result.ok && result.input).toMatchObject({
      scheduledDate: '2026-11-24T08:30:00.000Z',
      estimatedDischarge: '2026-11-30T22:00:00.000Z',
      urgentFlags: ['Diabetic', 'Fall risk'],
    });
  });

  it('names the field the shared schema refuses', () => {
    const result = buildCaseEdit(seen, {
      ...fieldsOf(seen),
      patientName: ' ',
      progressPercentage: '120',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        patientName: 'Patient name is required',
        progressPercentage: 'Progress must be between 0 and 100',
      },
    });
  });
});
