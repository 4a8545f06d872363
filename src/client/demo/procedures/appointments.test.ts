import { describe, expect, it } from 'vitest';
import type { TAppointmentWrite, TScheduleItem } from '../../../shared/domain/appointments';
import { addDays, startOfDay } from '../../../shared/calendar';
import type { DemoIdentity } from '../../lib/demo-identity';
import { answer } from '../answer';
import { DemoError } from '../demo-error';
import { useFixedDemoClock } from '../fixed-demo-clock';

// The calendar in demo mode (issue 21), as the front desk meets it: tomorrow's clinics of three
// doctors, a range read, the double-booking warning, and a stale version refused with the current one.

const DESK: DemoIdentity = {
  userId: 'hc-case-manager', role: 'Case Manager', name: 'Fatima Adams', isSuperAdmin: false, platform: 'healthcare', caseTerminology: 'patient',
};
const call = <T>(path: string, input: unknown) => answer(path, input, DESK) as T;
function refusal(path: string, input: unknown): DemoError {
  try {
    answer(path, input, DESK);
  } catch (error) {
    if (error instanceof DemoError) return error;
    throw error;
  }
  throw new Error(`${path} did not refuse`);
}

useFixedDemoClock();

const tomorrow = () => {
  const from = addDays(startOfDay(new Date()), 1);
  return { from: from.toISOString(), to: addDays(from, 1).toISOString() };
};

describe('demo calendar', () => {
  it('answers tomorrow with the clinics of three doctors, each with its attendees named', () => {
    const items = call<TScheduleItem[]>('appointments.list', tomorrow());
    const doctors = new Set(items.flatMap((a) => a.attendees.map((p) => p.name)).filter((name) => name.startsWith('Dr ')));
    expect([...doctors].sort()).toEqual(['Dr Anisha Govender', 'Dr Ayesha Patel', 'Dr Pieter van der Merwe']);
    const range = tomorrow();
    expect(items.length).toBeGreaterThan(0);
    expect(items.filter((a) => a.startTime >= range.to || a.endTime <= range.from)).toEqual([]);
    const govender = call<TScheduleItem[]>('appointments.list', { ...range, userId: 'hc-cardiologist' });
    expect(govender.map((a) => a.title)).toEqual(['Cardiology review: Rashid Ebrahim', 'Pacemaker check: Hendrik Coetzee']);
  });

  it('names a double-booking of the doctor before the move, and the move still saves with it', () => {
    const [review, pacemaker] = call<TScheduleItem[]>('appointments.list', { ...tomorrow(), userId: 'hc-cardiologist' });
    const onto = { startTime: pacemaker!.startTime, endTime: new Date(Date.parse(pacemaker!.startTime) + 30 * 60_000).toISOString() };
    const check = call<{ conflicts: unknown[] }>('appointments.conflicts', { ...onto, attendeeIds: ['hc-cardiologist'], excludeId: review!.id });
    expect(check.conflicts).toEqual([{ appointmentId: pacemaker!.id, userId: 'hc-cardiologist', title: 'Pacemaker check: Hendrik Coetzee', startTime: pacemaker!.startTime, endTime: pacemaker!.endTime }]);
    // Back to back is not an overlap.
    const after = { startTime: pacemaker!.endTime, endTime: new Date(Date.parse(pacemaker!.endTime) + 30 * 60_000).toISOString() };
    expect(call<{ conflicts: unknown[] }>('appointments.conflicts', { ...after, attendeeIds: ['hc-cardiologist'] }).conflicts).toEqual([]);

    const moved = call<TAppointmentWrite>('appointments.update', { id: review!.id, ...onto, expectedVersion: 1 });
    expect(moved).toMatchObject({ startTime: onto.startTime, version: 2 });
    // Once for the doctor, once for the room: both are in the Cardiology Suite.
    expect(moved.conflicts.map((c) => [c.appointmentId, c.userId])).toEqual([[pacemaker!.id, 'hc-cardiologist'], [pacemaker!.id, null]]);
  });

  it('refuses a stale version with the appointment as it is now, and frees the slot when cancelled', () => {
    const [review, pacemaker] = call<TScheduleItem[]>('appointments.list', { ...tomorrow(), userId: 'hc-cardiologist' });
    call('appointments.update', { id: review!.id, location: 'Cardiology Suite, Room 2', expectedVersion: 1 });
    const stale = refusal('appointments.update', { id: review!.id, status: 'Cancelled', expectedVersion: 1 });
    expect(stale.code).toBe('CONFLICT');
    expect(stale.extra?.current).toMatchObject({ id: review!.id, location: 'Cardiology Suite, Room 2', version: 2 });

    const cancelled = call<TAppointmentWrite>('appointments.update', { id: pacemaker!.id, status: 'Cancelled', expectedVersion: 1 });
    expect(cancelled).toMatchObject({ status: 'Cancelled', version: 2, conflicts: [] });
    const check = call<{ conflicts: unknown[] }>('appointments.conflicts', { startTime: pacemaker!.startTime, endTime: pacemaker!.endTime, attendeeIds: ['hc-cardiologist'] });
    expect(check.conflicts).toEqual([]);
  });

  it('books only the platform’s types and attendees who are members, naming the field', () => {
    const slot = { title: 'Hearing prep', startTime: '2026-12-01T08:00:00.000Z', endTime: '2026-12-01T09:00:00.000Z' };
    expect(refusal('appointments.create', { ...slot, appointmentType: 'Consultation with counsel' }).fields).toEqual({
      appointmentType: 'Appointment type must be one of: Consultation, Follow-up, Surgery, Therapy, Meeting',
    });
    expect(refusal('appointments.create', { ...slot, attendeeIds: ['nobody'] }).fields).toEqual({ attendeeIds: 'Every attendee must be an active member of your organisation' });
    const booked = call<TAppointmentWrite>('appointments.create', { ...slot, attendeeIds: ['radiologist'], location: 'Radiology, Room 1' });
    expect(booked.attendees).toEqual([{ userId: 'radiologist', name: 'Dr Ayesha Patel' }]);
  });
});
