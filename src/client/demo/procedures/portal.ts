import { z } from 'zod';
import { FINISHED_APPOINTMENT_STATUSES, type TAppointment } from '../../../shared/domain/appointments';
import {
  APPOINTMENT_REQUEST_SUBJECT,
  type TPatientProfile,
  type TPortalAppointment,
  type TPortalMessage,
  type TTestResult,
  ZPortalSendMessageInput,
  ZRequestAppointmentInput,
  ZRequestRescheduleInput,
  ZUpdatePatientProfileInput,
  rescheduleRequestSubject,
} from '../../../shared/domain/portal';
import { type DemoContext, emailOf, nameOf } from '../context';
import { DemoError, badRequest, conflict, notFound } from '../demo-error';
import {
  demoMedications,
  demoPatientProfile,
  demoPortalAppointments,
  demoPortalMessages,
  demoRecentTestResults,
  demoTestResults,
} from '../fixtures/portal';
import { demoOrganizations } from '../fixtures/organizations';
import { type DemoProcedures, procedure } from '../procedure';
import { allAppointments } from './appointments';
import { allCases, visibleCases } from './cases';

// The patient portal in demo mode (SPEC §2.13): the demo Patient's own case from the case fixtures,
// their records from fixtures/portal.ts, and messages and profile edits kept in the session's
// overlay, with the server's rules: own cases only, messages to the doctor (else nurse, else case
// manager), requests only for a future day and a still-scheduled appointment.

const PROFILE_ID = 'me';

function ownCases(ctx: DemoContext) {
  return ctx.dataRole === 'Patient' ? visibleCases(ctx).filter((c) => c.patientUserId === ctx.identity.userId) : [];
}

/** Fixture records belong to the hospital's portal case only; other platforms have none. */
const portalCase = (ctx: DemoContext) => (ctx.platform === 'healthcare' ? ownCases(ctx)[0] : undefined);

function requireOwnCase(ctx: DemoContext, caseId: string) {
  const found = ownCases(ctx).find((c) => c.id === caseId);
  if (found) return found;
  const message = 'Choose one of your own cases';
  throw badRequest(message, { caseId: message });
}

function careTeamContact(kase: ReturnType<typeof requireOwnCase>): string {
  const id = kase.assignedDoctorId ?? kase.assignedNurseId ?? kase.caseManagerId;
  if (id) return id;
  const message = 'Nobody on your care team can receive messages for this case yet. Please phone the hospital.';
  throw conflict(message, { caseId: message });
}

function ownAppointments(ctx: DemoContext): TAppointment[] {
  const ids = new Set(ownCases(ctx).map((c) => c.id));
  const own = portalCase(ctx);
  const extra = own ? demoPortalAppointments(ctx.anchor, own.id) : [];
  return [...allAppointments(ctx), ...extra].filter((a) => a.caseId !== null && ids.has(a.caseId));
}

const reschedulable = (a: TAppointment, now: string) => a.status === 'Scheduled' && a.startTime > now;

function portalAppointments(ctx: DemoContext): TPortalAppointment[] {
  const now = ctx.nowIso();
  const finished: readonly string[] = FINISHED_APPOINTMENT_STATUSES;
  const sorted = ownAppointments(ctx).sort((a, b) => a.startTime.localeCompare(b.startTime) || a.id.localeCompare(b.id));
  const upcoming = sorted.filter((a) => a.endTime > now && !finished.includes(a.status));
  const past = sorted.filter((a) => !upcoming.includes(a)).reverse();
  return [...upcoming, ...past].map((a) => ({
    id: a.id, caseId: a.caseId!, title: a.title, description: a.description, startTime: a.startTime, endTime: a.endTime,
    appointmentType: a.appointmentType, location: a.location, status: a.status, canReschedule: reschedulable(a, now),
  }));
}

function testResults(ctx: DemoContext): TTestResult[] {
  const own = portalCase(ctx);
  return own ? demoTestResults(ctx.anchor, own.id, own.assignedDoctor) : [];
}

function portalMessages(ctx: DemoContext): TPortalMessage[] {
  const own = portalCase(ctx);
  const base = own ? demoPortalMessages(ctx.anchor, own.id, own.assignedDoctor) : [];
  return ctx.overlay.merge('portalMessages', base).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

function sendToCareTeam(ctx: DemoContext, caseId: string, subject: string, content: string): TPortalMessage {
  const kase = requireOwnCase(ctx, caseId);
  const to = careTeamContact(kase);
  return ctx.overlay.put<TPortalMessage>('portalMessages', {
    id: ctx.newId(), caseId: kase.id, subject, content, createdAt: ctx.nowIso(), direction: 'sent', otherPartyName: nameOf(ctx, to), isRead: true,
  });
}

const longDate = (day: string) =>
  new Intl.DateTimeFormat('en-ZA', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00.000Z`));

function profile(ctx: DemoContext): TPatientProfile {
  const saved = ctx.overlay.rows<TPatientProfile & { id: string }>('patientProfile').find((r) => r.id === PROFILE_ID);
  if (saved) {
    const { id: _id, ...rest } = saved;
    return rest;
  }
  const base = demoPatientProfile(ctx.me.firstName, ctx.me.lastName, emailOf(ctx.platform, ctx.me));
  return ctx.platform === 'healthcare' ? base : { ...base, dateOfBirth: null, medicalAidScheme: null, medicalAidNumber: null, medicalAidMainMember: null };
}

export const portalProcedures = {
  'portal.summary': procedure({
    input: z.void(),
    capability: 'patientPortal.view',
    run: (ctx) => ({
      name: `${ctx.me.firstName} ${ctx.me.lastName}`.trim(),
      email: emailOf(ctx.platform, ctx.me),
      organizationName: demoOrganizations(ctx.anchor).find((o) => o.id === ctx.organizationId)?.name ?? '',
      cases: ownCases(ctx).map((c) => ({
        id: c.id, caseType: c.caseType, department: c.department, status: c.status, priority: c.priority, progressPercentage: c.progressPercentage,
        admissionDate: c.admissionDate, estimatedDischarge: c.estimatedDischarge, bedNumber: c.bedNumber, treatmentPlan: c.treatmentPlan,
        assignedDoctor: c.assignedDoctor, assignedNurse: c.assignedNurse, caseManager: c.caseManager,
      })),
    }),
  }),

  'portal.appointments': procedure({ input: z.void(), capability: 'patientPortal.view', run: portalAppointments }),

  'portal.messages': procedure({ input: z.void(), capability: 'patientPortal.view', run: portalMessages }),

  'portal.sendMessage': procedure({
    input: ZPortalSendMessageInput,
    capability: 'patientPortal.view',
    run: (ctx, input) => sendToCareTeam(ctx, input.caseId, input.subject, input.content),
  }),

  'portal.requestAppointment': procedure({
    input: ZRequestAppointmentInput,
    capability: 'patientPortal.view',
    run: (ctx, input) => sendToCareTeam(ctx, input.caseId, APPOINTMENT_REQUEST_SUBJECT, `Preferred date: ${longDate(input.preferredDate)}\n\nReason: ${input.reason}`),
  }),

  'portal.requestReschedule': procedure({
    input: ZRequestRescheduleInput,
    capability: 'patientPortal.view',
    run(ctx, input) {
      const appointment = ownAppointments(ctx).find((a) => a.id === input.appointmentId);
      if (!appointment) throw notFound('Appointment');
      if (!reschedulable(appointment, ctx.nowIso())) {
        const message = 'This appointment has already taken place or been cancelled';
        throw new DemoError('CONFLICT', message, { appointmentId: message });
      }
      const content = `Preferred date: ${longDate(input.preferredDate)}\n\nReason: ${input.reason}`;
      return sendToCareTeam(ctx, appointment.caseId!, rescheduleRequestSubject(appointment.title), content);
    },
  }),

  'portal.testResults': procedure({ input: z.void(), capability: 'patientPortal.view', run: testResults }),

  'portal.medications': procedure({
    input: z.void(),
    capability: 'patientPortal.view',
    run(ctx) {
      const own = portalCase(ctx);
      return own ? demoMedications(ctx.anchor, own.id, own.assignedDoctor) : [];
    },
  }),

  'portal.profile': procedure({ input: z.void(), capability: 'patientPortal.view', run: profile }),

  'portal.updateProfile': procedure({
    input: ZUpdatePatientProfileInput,
    capability: 'patientPortal.view',
    run(ctx, input) {
      const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      const { id: _id, ...saved } = ctx.overlay.put('patientProfile', { ...profile(ctx), ...changes, updatedAt: ctx.nowIso(), id: PROFILE_ID });
      return saved;
    },
  }),

  'records.recentTestResults': procedure({
    input: z.void(),
    capability: 'records.view',
    run(ctx) {
      if (ctx.platform !== 'healthcare') return [];
      const own = allCases(ctx)[0];
      if (!own) return [];
      return demoRecentTestResults(ctx.anchor, demoTestResults(ctx.anchor, own.id, own.assignedDoctor), own.patientName).slice(0, 8);
    },
  }),
} satisfies Partial<DemoProcedures>;
