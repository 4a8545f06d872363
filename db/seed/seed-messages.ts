import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { DB } from '../schema';
import { addMinutes } from '../time';
import type { DemoOrganization } from './demo-organizations';
import type { Rng, SeedClock } from './seed-helpers';
import type { SeededOrganization } from './seed-people';

// Eight broadcasts per organisation over the last two weeks, each with a recipient row for every
// active member but the sender. Older messages are mostly read; the newest two stay unread for the
// highlighted demo sign-ins so the unread badge has something to show. Broadcasts are internal
// staff messages: they reach every staff member, never a Patient (who hears from their care team
// through direct messages, db/seed/seed-patient-records.ts).

interface MessageTemplate {
  from: string;
  subject: string;
  content: string;
  /** Days ago and local time, or minutes ago for today. */
  sent: { day: number; time: string } | { minutesAgo: number };
}

const MESSAGES: Record<DemoOrganization['key'], readonly MessageTemplate[]> = {
  thornhill: [
    { from: 'jacobs', subject: 'Load-shedding: generator test on Saturday', content: 'Stage 4 load-shedding is expected this weekend. The generator will be tested on Saturday at 06:00; theatre and ICU stay on the UPS circuit. Please report any equipment that does not switch over.', sent: { day: 13, time: '08:10' } },
    { from: 'govender', subject: 'Updated sepsis bundle', content: 'The revised sepsis bundle (lactate, blood cultures before antibiotics, antibiotics within one hour) is in the Education section. Please use the new observation chart from Monday.', sent: { day: 11, time: '14:25' } },
    { from: 'adams', subject: 'Medical aid pre-authorisation', content: 'Medical schemes now ask for pre-authorisation 48 hours before elective admissions. Send the booking form to Case Management as soon as a theatre date is set.', sent: { day: 9, time: '09:40' } },
    { from: 'khoza', subject: 'ICU visiting hours', content: 'From this week ICU visiting hours are 11:00–12:00 and 18:00–19:30, two visitors per patient.', sent: { day: 7, time: '16:05' } },
    { from: 'jacobs', subject: 'POPIA refresher due', content: 'Please complete the POPIA refresher in Education by the end of the month. Reminder: patient information is never shared on personal WhatsApp groups.', sent: { day: 5, time: '10:00' } },
    { from: 'petersen', subject: 'Special diets', content: 'Please update diabetic, renal and halaal diet requests on the ward board by 15:00 daily so that supper trays are right.', sent: { day: 3, time: '11:30' } },
    { from: 'mabena', subject: 'New parking access cards', content: 'New parking access cards can be collected at the security office at the main gate, 07:00–16:00. Old cards stop working at the end of the month.', sent: { day: 1, time: '07:45' } },
    { from: 'ndlovu', subject: 'Grand round on Thursday', content: 'This week\'s grand round: diabetic ketoacidosis in young adults. Thursday 12:30 in the lecture theatre.', sent: { minutesAgo: 95 } },
  ],
  mokoena: [
    { from: 'vanwyk', subject: 'Time recording deadline', content: 'Please capture all time for the month by the 25th so that invoices can go out on the 1st.', sent: { day: 13, time: '08:30' } },
    { from: 'kmokoena', subject: 'New matter intake', content: 'Every new matter goes through the conflict check before the first consultation. Use the intake form in CaseBridge; Bongani will open the file.', sent: { day: 11, time: '09:15' } },
    { from: 'botha', subject: 'Trust account reconciliation', content: 'The monthly trust reconciliation is done. Please make sure every client deposit reference includes the matter number.', sent: { day: 9, time: '15:20' } },
    { from: 'patel', subject: 'CCMA referrals update', content: 'The CCMA has changed its rules for electronic referrals. A short summary is in the Education section.', sent: { day: 7, time: '12:05' } },
    { from: 'vanwyk', subject: 'POPIA: sharing client documents', content: 'Reminder: client documents are shared through CaseBridge only, never from personal e-mail accounts.', sent: { day: 5, time: '10:45' } },
    { from: 'khumalo', subject: 'Master\'s Office turnaround', content: 'The Johannesburg Master\'s Office is taking six to eight weeks to issue letters of executorship. Please set client expectations accordingly.', sent: { day: 3, time: '14:10' } },
    { from: 'sithole', subject: 'Court bundles on CaseLines', content: 'Bundles for the Johannesburg High Court must be uploaded to CaseLines five court days before the hearing. Send me final indexes by the Tuesday before.', sent: { day: 1, time: '16:30' } },
    { from: 'kmokoena', subject: 'Team lunch on Friday', content: 'Thank you all for a strong quarter. Lunch at 13:00 on Friday.', sent: { minutesAgo: 140 } },
  ],
  gauteng: [
    { from: 'masilela', subject: 'Quarterly contingent liability report', content: 'Please update the estimated exposure on each open claim by Friday for the quarterly report to Treasury.', sent: { day: 13, time: '09:00' } },
    { from: 'ngcobo', subject: 'Settlement approval thresholds', content: 'Settlement offers above R 5 million need approval from the Head of Department and Treasury before they are made.', sent: { day: 11, time: '11:40' } },
    { from: 'pnaidoo', subject: 'Records requests: new template', content: 'Use the new records request template when writing to hospital CEOs; it cites the 14-day turnaround agreed with the department.', sent: { day: 9, time: '10:20' } },
    { from: 'pretorius', subject: 'Trial-readiness directive', content: 'From next term, joint minutes of experts must be filed before a trial date is allocated in the Pretoria High Court.', sent: { day: 7, time: '15:50' } },
    { from: 'masilela', subject: 'POPIA: medical records', content: 'Medical records received in discovery are special personal information: store them in CaseBridge only and never print more than needed.', sent: { day: 5, time: '08:35' } },
    { from: 'cassim', subject: 'Expert availability', content: 'I am available for joint expert meetings on Tuesdays and Thursdays this month.', sent: { day: 3, time: '17:10' } },
    { from: 'mashaba', subject: 'Scanning backlog cleared', content: 'All hospital files received last month are scanned and linked to their cases.', sent: { day: 1, time: '13:25' } },
    { from: 'ngcobo', subject: 'Mediation training', content: 'Rule 41A mediation training for attorneys and advocates takes place next Wednesday at 09:00 in the boardroom.', sent: { minutesAgo: 60 } },
  ],
};

export interface MessageRows {
  messageRows: Insertable<DB['messages']>[];
  recipientRows: Insertable<DB['message_recipients']>[];
}

export function buildMessages(org: SeededOrganization, clock: SeedClock, rng: Rng): MessageRows {
  const templates = MESSAGES[org.def.key];
  const messageRows: Insertable<DB['messages']>[] = [];
  const recipientRows: Insertable<DB['message_recipients']>[] = [];
  templates.forEach((t, index) => {
    const id = randomUUID();
    const sender = org.member(t.from);
    const sentAt = 'minutesAgo' in t.sent ? clock.minutesAgo(t.sent.minutesAgo) : clock.at(-t.sent.day, t.sent.time);
    const ageDays = 'minutesAgo' in t.sent ? 0 : t.sent.day;
    const newest = index >= templates.length - 2;
    const readChance = ageDays >= 3 ? 0.85 : ageDays >= 1 ? 0.6 : 0.25;
    messageRows.push({
      id,
      organization_id: org.id,
      sender_id: sender.userId,
      recipient_id: null,
      subject: t.subject,
      content: t.content,
      message_type: 'broadcast',
      patient_case_id: null,
      created_at: sentAt,
    });
    for (const member of org.members) {
      if (member.userId === sender.userId || member.role === 'Patient') continue;
      let readAt: string | null = null;
      if (!(newest && member.signIn) && rng.chance(readChance)) {
        const candidate = addMinutes(sentAt, rng.int(5, 600));
        readAt = candidate < clock.now ? candidate : null;
      }
      recipientRows.push({ message_id: id, user_id: member.userId, organization_id: org.id, read_at: readAt, created_at: sentAt });
    }
  });
  return { messageRows, recipientRows };
}
