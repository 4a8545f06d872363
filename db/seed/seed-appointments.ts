import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { DB } from '../schema';
import { addMinutes } from '../time';
import type { DemoOrganization } from './demo-organizations';
import type { Rng, SeedClock } from './seed-helpers';
import type { SeededCase } from './seed-cases';
import type { SeededOrganization } from './seed-people';

// Twelve appointments per organisation over this week and next. An appointment tied to a case's
// start (surgery on admission day, intake consultation) or end (discharge review, settlement)
// is anchored to that case's dates so the two never contradict each other. Every appointment has
// attendees (issue 21): whoever booked it and the colleagues it names; the hospital's front desk
// finds tomorrow's clinics of three doctors side by side on the calendar's day view.

type AppointmentType = 'Consultation' | 'Follow-up' | 'Surgery' | 'Therapy' | 'Meeting';
type AppointmentStatus = 'Scheduled' | 'Completed' | 'Cancelled';

interface AppointmentTemplate {
  title: string;
  type: AppointmentType;
  location: string;
  /** Days from today (weekends move off), or the opening / closing day of `patient`'s case. */
  day: number | 'case-start' | 'case-end';
  /** `day` exactly, even on a weekend (tomorrow's clinics are tomorrow's whatever the weekday). */
  exactDay?: boolean;
  time: string;
  minutes: number;
  status: AppointmentStatus;
  /** Links the appointment to the case of this patient or client. */
  patient?: string;
  /** Person key of whoever booked it; they attend it. */
  by: string;
  /** Person keys of the other attendees. */
  with?: readonly string[];
  description?: string;
}

const HEALTHCARE: readonly AppointmentTemplate[] = [
  { title: 'Pre-operative assessment – Anton Kruger', type: 'Consultation', location: 'Consulting Room 3', day: 'case-start', time: '07:30', minutes: 30, status: 'Scheduled', patient: 'Anton Kruger', by: 'adams', with: ['steyn'] },
  { title: 'Total hip replacement – Anton Kruger', type: 'Surgery', location: 'Theatre 2', day: 'case-start', time: '09:00', minutes: 150, status: 'Scheduled', patient: 'Anton Kruger', by: 'steyn', description: 'Left total hip arthroplasty under spinal anaesthesia.' },
  { title: 'Elective caesarean section – Zodwa Nxumalo', type: 'Surgery', location: 'Theatre 1', day: 'case-start', time: '08:00', minutes: 90, status: 'Scheduled', patient: 'Zodwa Nxumalo', by: 'zulu' },
  { title: 'Aortic valve replacement – Rashid Ebrahim', type: 'Surgery', location: 'Theatre 1', day: 'case-start', time: '11:00', minutes: 300, status: 'Scheduled', patient: 'Rashid Ebrahim', by: 'govender', description: 'ICU bed reserved for 48 hours after surgery.' },
  { title: 'Stress ECG and echocardiogram – Chantel Williams', type: 'Consultation', location: 'Cardiology Suite', day: 'case-start', time: '10:30', minutes: 60, status: 'Scheduled', patient: 'Chantel Williams', by: 'govender' },
  { title: 'Physiotherapy – Thabo Mabaso', type: 'Therapy', location: 'Rehabilitation Gym', day: 1, time: '09:00', minutes: 45, status: 'Scheduled', patient: 'Thabo Mabaso', by: 'duplessis', with: ['mabaso'] },
  { title: 'Diabetes education session – Abdul Karriem', type: 'Consultation', location: 'Consulting Room 2', day: 3, time: '11:00', minutes: 45, status: 'Scheduled', patient: 'Abdul Karriem', by: 'ndlovu' },
  { title: 'Post-discharge follow-up – Hendrik Coetzee', type: 'Follow-up', location: 'Consulting Room 3', day: 4, time: '09:30', minutes: 20, status: 'Scheduled', patient: 'Hendrik Coetzee', by: 'govender' },
  { title: 'Knee arthroscopy pre-assessment – Tumelo Seabi', type: 'Consultation', location: 'Consulting Room 1', day: 2, time: '15:00', minutes: 30, status: 'Cancelled', patient: 'Tumelo Seabi', by: 'adams', description: 'Cancelled at the patient\'s request; to be rebooked.' },
  { title: 'Discharge review – Faiza Daniels', type: 'Follow-up', location: 'Ward A – General', day: 'case-end', time: '08:30', minutes: 30, status: 'Completed', patient: 'Faiza Daniels', by: 'steyn' },
  { title: 'ICU morning handover', type: 'Meeting', location: 'Nurses\' Station, ICU', day: -1, time: '07:00', minutes: 30, status: 'Completed', by: 'khoza' },
  { title: 'Infection prevention committee', type: 'Meeting', location: 'Boardroom, Admin Block', day: 8, time: '13:00', minutes: 60, status: 'Scheduled', by: 'jacobs', with: ['khoza', 'ndlovu'], description: 'Quarterly review of hand-hygiene audits and CLABSI rates.' },
  // Tomorrow's clinics of three doctors (the front desk's multi-person day view, issue 21).
  { title: 'Medical outpatients clinic', type: 'Consultation', location: 'Consulting Room 1', day: 1, exactDay: true, time: '08:30', minutes: 90, status: 'Scheduled', by: 'ndlovu', description: 'Booked follow-ups and referrals from the GP.' },
  { title: 'Cardiology clinic', type: 'Consultation', location: 'Cardiology Suite', day: 1, exactDay: true, time: '10:00', minutes: 120, status: 'Scheduled', by: 'govender', description: 'Echo and stress-test reviews.' },
  { title: 'Fracture clinic', type: 'Follow-up', location: 'Orthopaedic Clinic, Room 4', day: 1, exactDay: true, time: '13:00', minutes: 120, status: 'Scheduled', by: 'steyn', description: 'Plaster checks and post-operative X-rays.' },
  { title: 'Ward referrals', type: 'Consultation', location: 'Ward A – General', day: 1, exactDay: true, time: '14:00', minutes: 60, status: 'Scheduled', by: 'ndlovu', description: 'Inpatients referred to medicine overnight.' },
];

const LEGAL: readonly AppointmentTemplate[] = [
  { title: 'Intake consultation – Mpumi Zondo', type: 'Consultation', location: 'Boardroom, 14 Fricker Road', day: 'case-start', time: '10:00', minutes: 60, status: 'Scheduled', patient: 'Mpumi Zondo', by: 'sithole' },
  { title: 'Initial consultation – Goldreef Engineering', type: 'Consultation', location: 'Boardroom, 14 Fricker Road', day: 'case-start', time: '14:00', minutes: 90, status: 'Scheduled', patient: 'Goldreef Engineering (Pty) Ltd', by: 'kmokoena' },
  { title: 'Will consultation – Agnes Mokwena', type: 'Consultation', location: 'Consulting Room 2, 14 Fricker Road', day: 'case-start', time: '09:00', minutes: 45, status: 'Scheduled', patient: 'Agnes Mokwena', by: 'khumalo' },
  { title: 'Retrenchment consultation – Lucky Maluleke', type: 'Consultation', location: 'Microsoft Teams', day: 'case-start', time: '11:30', minutes: 60, status: 'Scheduled', patient: 'Lucky Maluleke', by: 'patel' },
  { title: 'Urgent interdict strategy – Rivonia Tech Solutions', type: 'Meeting', location: 'Boardroom, 14 Fricker Road', day: 1, time: '08:30', minutes: 60, status: 'Scheduled', patient: 'Rivonia Tech Solutions (Pty) Ltd', by: 'kmokoena' },
  { title: 'Client update – Karoo Fresh Produce', type: 'Follow-up', location: 'Microsoft Teams', day: 2, time: '15:30', minutes: 30, status: 'Scheduled', patient: 'Karoo Fresh Produce CC', by: 'kmokoena' },
  { title: 'Rule 43 hearing – Thandeka Mkhabela', type: 'Meeting', location: 'Johannesburg High Court', day: 4, time: '10:00', minutes: 120, status: 'Scheduled', patient: 'Thandeka Mkhabela', by: 'khumalo' },
  { title: 'CCMA con-arb – Sibongile Dlamini', type: 'Meeting', location: 'CCMA Johannesburg, Braamfontein', day: 6, time: '09:00', minutes: 180, status: 'Scheduled', patient: 'Sibongile Dlamini', by: 'patel' },
  { title: 'Pre-trial conference – Ubuntu Logistics', type: 'Meeting', location: 'Johannesburg High Court', day: 9, time: '10:00', minutes: 120, status: 'Scheduled', patient: 'Ubuntu Logistics (Pty) Ltd', by: 'kmokoena' },
  { title: 'Heirs meeting – Estate Late Jacobus Nel', type: 'Consultation', location: 'Boardroom, 14 Fricker Road', day: 3, time: '14:00', minutes: 60, status: 'Cancelled', patient: 'Estate Late Jacobus Nel', by: 'khumalo', description: 'Postponed: one heir is travelling.' },
  { title: 'Settlement signing – Kwanele Trading', type: 'Meeting', location: 'Boardroom, 14 Fricker Road', day: 'case-end', time: '11:00', minutes: 60, status: 'Completed', patient: 'Kwanele Trading CC', by: 'kmokoena' },
  { title: 'Weekly practice meeting', type: 'Meeting', location: 'Boardroom, 14 Fricker Road', day: -3, time: '08:00', minutes: 60, status: 'Completed', by: 'vanwyk', with: ['kmokoena', 'patel', 'khumalo'], description: 'Work in progress, billing and new matters.' },
];

const MEDICOLEGAL: readonly AppointmentTemplate[] = [
  { title: 'Case allocation – Rebecca Molepo obo minor child', type: 'Meeting', location: 'SLU Boardroom, 255 Francis Baard Street', day: 'case-start', time: '09:30', minutes: 60, status: 'Scheduled', patient: 'Rebecca Molepo obo minor child', by: 'ngcobo' },
  { title: 'Consultation with clinical manager – David Mokgadi', type: 'Consultation', location: 'Microsoft Teams', day: 'case-start', time: '10:00', minutes: 60, status: 'Scheduled', patient: 'David Mokgadi', by: 'mahlangu' },
  { title: 'Strategy meeting – Estate Late Grace Matlala', type: 'Meeting', location: 'SLU Boardroom, 255 Francis Baard Street', day: 'case-start', time: '14:00', minutes: 90, status: 'Scheduled', patient: 'Estate Late Grace Matlala', by: 'ngcobo' },
  { title: 'Notice review – Phindile Ndaba', type: 'Consultation', location: 'SLU Boardroom, 255 Francis Baard Street', day: 'case-start', time: '11:00', minutes: 45, status: 'Scheduled', patient: 'Phindile Ndaba', by: 'pnaidoo' },
  { title: 'Trial preparation – Khanye obo minor child', type: 'Meeting', location: 'Advocates\' Chambers, Brooklyn', day: 2, time: '09:00', minutes: 120, status: 'Scheduled', patient: 'Zinhle Khanye obo minor child', by: 'pretorius' },
  { title: 'Settlement mandate – Thulani Mnguni', type: 'Meeting', location: 'Office of the Head of Department: Health', day: 3, time: '10:00', minutes: 60, status: 'Scheduled', patient: 'Thulani Mnguni', by: 'ngcobo' },
  { title: 'Joint expert meeting – Khanye obo minor child', type: 'Meeting', location: 'Microsoft Teams', day: 5, time: '14:00', minutes: 90, status: 'Scheduled', patient: 'Zinhle Khanye obo minor child', by: 'pnaidoo' },
  { title: 'Emergency physician expert consultation – Rakgoale', type: 'Consultation', location: 'Microsoft Teams', day: 7, time: '11:00', minutes: 60, status: 'Scheduled', patient: 'Estate Late Samuel Rakgoale', by: 'mahlangu' },
  { title: 'Pre-trial conference – Ayanda Nkosi', type: 'Meeting', location: 'Pretoria High Court', day: 10, time: '10:00', minutes: 120, status: 'Scheduled', patient: 'Ayanda Nkosi', by: 'mahlangu' },
  { title: 'Expert briefing – Mary-Anne Oosthuizen', type: 'Consultation', location: 'Microsoft Teams', day: 1, time: '15:00', minutes: 45, status: 'Cancelled', patient: 'Mary-Anne Oosthuizen', by: 'pnaidoo', description: 'Expert unavailable; to be rescheduled.' },
  { title: 'Settlement order – Sarah Mokoka obo minor child', type: 'Meeting', location: 'Pretoria High Court', day: 'case-end', time: '10:00', minutes: 120, status: 'Completed', patient: 'Sarah Mokoka obo minor child', by: 'pretorius' },
  { title: 'Monthly claims review', type: 'Meeting', location: 'SLU Boardroom, 255 Francis Baard Street', day: -2, time: '09:00', minutes: 120, status: 'Completed', by: 'ngcobo', with: ['pnaidoo', 'mahlangu', 'pretorius'], description: 'Contingent liability report for the provincial Treasury.' },
];

const APPOINTMENTS: Record<DemoOrganization['key'], readonly AppointmentTemplate[]> = {
  thornhill: HEALTHCARE,
  mokoena: LEGAL,
  gauteng: MEDICOLEGAL,
};

export interface AppointmentRows {
  appointments: Insertable<DB['appointments']>[];
  attendees: Insertable<DB['appointment_attendees']>[];
}

export function buildAppointments(
  org: SeededOrganization,
  cases: readonly SeededCase[],
  clock: SeedClock,
  rng: Rng,
): AppointmentRows {
  const attendees: Insertable<DB['appointment_attendees']>[] = [];
  const appointments = APPOINTMENTS[org.def.key].map((t) => {
    const linked = t.patient ? cases.find((c) => c.template.patient === t.patient) : undefined;
    if (t.patient && !linked) throw new Error(`Appointment '${t.title}' refers to an unknown case of ${t.patient}`);
    let start: string;
    if (t.day === 'case-start' || t.day === 'case-end') {
      const day = t.day === 'case-start' ? linked?.openedDay : linked?.closedDay;
      if (day === undefined || day === null) throw new Error(`Appointment '${t.title}' needs a case with that date`);
      start = clock.at(day, t.time);
    } else {
      start = t.exactDay ? clock.at(t.day, t.time) : clock.onWorkday(t.day, t.time);
    }
    const end = addMinutes(start, t.minutes);
    const booked = addMinutes(start < clock.now ? start : clock.now, -rng.int(1, 10) * 1_440 - rng.int(0, 480));
    const updated = t.status === 'Completed' ? end : t.status === 'Cancelled' ? addMinutes(booked, rng.int(60, 1_440)) : booked;
    const id = randomUUID();
    for (const key of new Set([t.by, ...(t.with ?? [])])) attendees.push({ appointment_id: id, user_id: org.member(key).userId, organization_id: org.id });
    return {
      id,
      organization_id: org.id,
      case_id: linked?.id ?? null,
      title: t.title,
      description: t.description ?? null,
      start_time: start,
      end_time: end,
      appointment_type: t.type,
      location: t.location,
      status: t.status,
      created_by: org.member(t.by).userId,
      created_at: booked,
      updated_at: updated < clock.now ? updated : clock.now,
    };
  });
  return { appointments, attendees };
}
