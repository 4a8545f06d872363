import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import { nowIso } from '../../../../db/time';
import { FINISHED_APPOINTMENT_STATUSES, type TAppointmentStatus, type TAppointmentType } from '../../../shared/domain/appointments';
import type { TCasePriority, TCaseStatus } from '../../../shared/domain/cases';
import type {
  TMedication,
  TMedicationStatus,
  TPortalAppointment,
  TPortalSummary,
  TTestResult,
  TTestResultStatus,
} from '../../../shared/domain/portal';
import { fullName } from '../../../shared/format';
import { AppError } from '../../errors';
import type { TenantActor } from '../../auth/actor';
import { ownCaseIds, selectOwnCases } from './own-cases';

// What the portal shows a Patient of their own care: cases, appointments, results, medications.

export async function portalSummary(db: Kysely<DB>, actor: TenantActor): Promise<TPortalSummary> {
  const me = await db.selectFrom('users').select(['first_name', 'last_name', 'email']).where('id', '=', actor.userId).executeTakeFirst();
  const organization = await db.selectFrom('organizations').select('name').where('id', '=', actor.organizationId).executeTakeFirst();
  if (!me || !organization) throw new AppError('NOT_FOUND', 'Account not found');
  const rows = await selectOwnCases(db, actor)
    .leftJoin('users as doctor', 'doctor.id', 'cases.assigned_doctor_id')
    .leftJoin('users as nurse', 'nurse.id', 'cases.assigned_nurse_id')
    .leftJoin('users as manager', 'manager.id', 'cases.case_manager_id')
    .select([
      'cases.id', 'cases.case_type', 'cases.department', 'cases.status', 'cases.priority', 'cases.progress_percentage',
      'cases.admission_date', 'cases.estimated_discharge', 'cases.bed_number', 'cases.treatment_plan',
      'doctor.first_name as doctor_first', 'doctor.last_name as doctor_last',
      'nurse.first_name as nurse_first', 'nurse.last_name as nurse_last',
      'manager.first_name as manager_first', 'manager.last_name as manager_last',
    ])
    .orderBy('cases.created_at', 'desc')
    .orderBy('cases.id')
    .execute();
  return {
    name: fullName(me.first_name, me.last_name) ?? me.email,
    email: me.email,
    organizationName: organization.name,
    cases: rows.map((r) => ({
      id: r.id,
      caseType: r.case_type,
      department: r.department,
      status: r.status as TCaseStatus,
      priority: r.priority as TCasePriority,
      progressPercentage: Number(r.progress_percentage),
      admissionDate: r.admission_date,
      estimatedDischarge: r.estimated_discharge,
      bedNumber: r.bed_number,
      treatmentPlan: r.treatment_plan,
      assignedDoctor: fullName(r.doctor_first, r.doctor_last),
      assignedNurse: fullName(r.nurse_first, r.nurse_last),
      caseManager: fullName(r.manager_first, r.manager_last),
    })),
  };
}

const FINISHED: readonly string[] = FINISHED_APPOINTMENT_STATUSES;

/** Upcoming first (soonest first), then the past (most recent first). */
export async function portalAppointments(db: Kysely<DB>, actor: TenantActor): Promise<TPortalAppointment[]> {
  const caseIds = await ownCaseIds(db, actor);
  if (caseIds.length === 0) return [];
  const rows = await db
    .selectFrom('appointments')
    .select(['id', 'case_id', 'title', 'description', 'start_time', 'end_time', 'appointment_type', 'location', 'status'])
    .where('organization_id', '=', actor.organizationId)
    .where('case_id', 'in', caseIds)
    .orderBy('start_time')
    .orderBy('id')
    .execute();
  const now = nowIso();
  const toDto = (r: (typeof rows)[number]): TPortalAppointment => ({
    id: r.id,
    caseId: r.case_id!,
    title: r.title,
    description: r.description,
    startTime: r.start_time,
    endTime: r.end_time,
    appointmentType: r.appointment_type as TAppointmentType,
    location: r.location,
    status: r.status as TAppointmentStatus,
    canReschedule: isReschedulable(r.status, r.start_time, now),
  });
  const upcoming = rows.filter((r) => r.end_time > now && !FINISHED.includes(r.status));
  const past = rows.filter((r) => !upcoming.includes(r)).reverse();
  return [...upcoming, ...past].map(toDto);
}

export function isReschedulable(status: string, startTime: string, now: string = nowIso()): boolean {
  return status === 'Scheduled' && startTime > now;
}

export async function portalTestResults(db: Kysely<DB>, actor: TenantActor): Promise<TTestResult[]> {
  const caseIds = await ownCaseIds(db, actor);
  if (caseIds.length === 0) return [];
  const rows = await db
    .selectFrom('test_results')
    .leftJoin('users as orderer', 'orderer.id', 'test_results.ordered_by')
    .select([
      'test_results.id', 'test_results.case_id', 'test_results.test_name', 'test_results.category',
      'test_results.result_summary', 'test_results.reference_range', 'test_results.status',
      'test_results.ordered_at', 'test_results.resulted_at', 'test_results.value', 'test_results.unit', 'test_results.flag',
      'orderer.first_name as orderer_first', 'orderer.last_name as orderer_last',
    ])
    .where('test_results.organization_id', '=', actor.organizationId)
    .where('test_results.case_id', 'in', caseIds)
    // Issue 31: only what a clinician released; a held result (an abnormal one first seen alone at night) stays off the portal.
    .where('test_results.released_at', 'is not', null)
    .orderBy('test_results.ordered_at', 'desc')
    .orderBy('test_results.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    caseId: r.case_id,
    testName: r.test_name,
    category: r.category,
    resultSummary: r.result_summary,
    referenceRange: r.reference_range,
    status: r.status as TTestResultStatus,
    orderedBy: fullName(r.orderer_first, r.orderer_last),
    orderedAt: r.ordered_at,
    resultedAt: r.resulted_at,
    value: r.value,
    unit: r.unit,
    flag: r.flag,
  }));
}

/** Active first, then by start date, newest first. */
export async function portalMedications(db: Kysely<DB>, actor: TenantActor): Promise<TMedication[]> {
  const caseIds = await ownCaseIds(db, actor);
  if (caseIds.length === 0) return [];
  const rows = await db
    .selectFrom('medications')
    .leftJoin('users as prescriber', 'prescriber.id', 'medications.prescribed_by')
    .select([
      'medications.id', 'medications.case_id', 'medications.name', 'medications.dosage', 'medications.frequency',
      'medications.instructions', 'medications.start_date', 'medications.end_date', 'medications.status', 'medications.route',
      'prescriber.first_name as prescriber_first', 'prescriber.last_name as prescriber_last',
    ])
    .where('medications.organization_id', '=', actor.organizationId)
    .where('medications.case_id', 'in', caseIds)
    .orderBy('medications.start_date', 'desc')
    .orderBy('medications.name')
    .execute();
  const dtos = rows.map((r) => ({
    id: r.id,
    caseId: r.case_id,
    name: r.name,
    dosage: r.dosage,
    frequency: r.frequency,
    instructions: r.instructions,
    prescribedBy: fullName(r.prescriber_first, r.prescriber_last),
    startDate: r.start_date,
    endDate: r.end_date,
    status: r.status as TMedicationStatus,
    route: r.route,
  }));
  return [...dtos.filter((m) => m.status === 'Active'), ...dtos.filter((m) => m.status !== 'Active')];
}
