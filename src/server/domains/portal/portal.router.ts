import { z } from 'zod';
import {
  ZMedication,
  ZPatientProfile,
  ZPortalAppointment,
  ZPortalMessage,
  ZPortalSendMessageInput,
  ZPortalSummary,
  ZRequestAppointmentInput,
  ZRequestRescheduleInput,
  ZTestResult,
  ZUpdatePatientProfileInput,
} from '../../../shared/domain/portal';
import { router, tenantProcedure } from '../../trpc';
import { getPatientProfile, updatePatientProfile } from './patient-profile.service';
import { portalMessages, requestAppointment, requestReschedule, sendPortalMessage } from './portal-messages.service';
import { portalAppointments, portalMedications, portalSummary, portalTestResults } from './portal-records.service';

// SPEC §2.13: the Patient's portal. Every procedure answers about the caller's own cases only
// (cases.patient_user_id = the caller, in the caller's organisation).

const CAPABILITY = 'patientPortal.view';
const TAGS = ['portal'];

export const portalRouter = router({
  summary: tenantProcedure
    .meta({ capability: CAPABILITY, openapi: { method: 'GET', path: '/portal/summary', tags: TAGS, summary: "The patient's name, organisation and own cases" } })
    .input(z.void())
    .output(ZPortalSummary)
    .query(({ ctx }) => portalSummary(ctx.db, ctx.actor)),

  appointments: tenantProcedure
    .meta({ capability: CAPABILITY, openapi: { method: 'GET', path: '/portal/appointments', tags: TAGS, summary: "Appointments of the patient's own cases, upcoming first" } })
    .input(z.void())
    .output(z.array(ZPortalAppointment))
    .query(({ ctx }) => portalAppointments(ctx.db, ctx.actor)),

  messages: tenantProcedure
    .meta({ capability: CAPABILITY, openapi: { method: 'GET', path: '/portal/messages', tags: TAGS, summary: 'Direct messages between the patient and their care team, newest first' } })
    .input(z.void())
    .output(z.array(ZPortalMessage))
    .query(({ ctx }) => portalMessages(ctx.db, ctx.actor)),

  sendMessage: tenantProcedure
    .meta({ capability: CAPABILITY, openapi: { method: 'POST', path: '/portal/messages', tags: TAGS, summary: "Message the case's doctor (else nurse, else case manager)" } })
    .input(ZPortalSendMessageInput)
    .output(ZPortalMessage)
    .mutation(({ ctx, input }) => sendPortalMessage(ctx.db, ctx.actor, input)),

  requestAppointment: tenantProcedure
    .meta({ capability: CAPABILITY, openapi: { method: 'POST', path: '/portal/appointment-requests', tags: TAGS, summary: 'Ask the care team for an appointment' } })
    .input(ZRequestAppointmentInput)
    .output(ZPortalMessage)
    .mutation(({ ctx, input }) => requestAppointment(ctx.db, ctx.actor, input)),

  requestReschedule: tenantProcedure
    .meta({ capability: CAPABILITY, openapi: { method: 'POST', path: '/portal/reschedule-requests', tags: TAGS, summary: 'Ask the care team to move an appointment' } })
    .input(ZRequestRescheduleInput)
    .output(ZPortalMessage)
    .mutation(({ ctx, input }) => requestReschedule(ctx.db, ctx.actor, input)),

  testResults: tenantProcedure
    .meta({ capability: CAPABILITY, openapi: { method: 'GET', path: '/portal/test-results', tags: TAGS, summary: "Test results of the patient's own cases, newest first" } })
    .input(z.void())
    .output(z.array(ZTestResult))
    .query(({ ctx }) => portalTestResults(ctx.db, ctx.actor)),

  medications: tenantProcedure
    .meta({ capability: CAPABILITY, openapi: { method: 'GET', path: '/portal/medications', tags: TAGS, summary: "Medications of the patient's own cases, active first" } })
    .input(z.void())
    .output(z.array(ZMedication))
    .query(({ ctx }) => portalMedications(ctx.db, ctx.actor)),

  profile: tenantProcedure
    .meta({ capability: CAPABILITY, openapi: { method: 'GET', path: '/portal/profile', tags: TAGS, summary: "The patient's personal, contact, emergency contact and medical aid details" } })
    .input(z.void())
    .output(ZPatientProfile)
    .query(({ ctx }) => getPatientProfile(ctx.db, ctx.actor)),

  updateProfile: tenantProcedure
    .meta({ capability: CAPABILITY, openapi: { method: 'PATCH', path: '/portal/profile', tags: TAGS, summary: "Change the patient's contact, emergency contact and medical aid details" } })
    .input(ZUpdatePatientProfileInput)
    .output(ZPatientProfile)
    .mutation(({ ctx, input }) => updatePatientProfile(ctx.db, ctx.actor, input)),
});
