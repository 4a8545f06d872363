import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../schema';
import { casePagePath } from '../../src/shared/case-paths';
import { NOTIFICATION_KIND_INFO, type TNotificationKind } from '../../src/shared/domain/notifications';
import type { TPlatform } from '../../src/shared/platform';
import { DEMO_ORGANIZATIONS, emailOf } from './demo-organizations';

// A few notifications for the demo sign-ins (issue 21), so the bell is not empty on a fresh start:
// a case they were put on, an appointment that moved (already read), a portal request. Due tasks and
// near deadlines are not seeded: the bell's own sweep finds the seeded overdue tasks and deadlines.
// Ids are fixed per organisation and position (seedNotificationId), so a test can name another
// organisation's notification without looking it up.

const MINUTE_MS = 60_000;

interface SeededNotification {
  mailbox: string;
  kind: TNotificationKind;
  title: string;
  /** The message; {case} is the person's first case on their team. */
  message: string;
  /** A tab of that case's page, or a path of its own. */
  link: { tab: string } | { path: string };
  minutesAgo: number;
  read?: boolean;
}

const BY_PLATFORM: Record<TPlatform, SeededNotification[]> = {
  healthcare: [
    { mailbox: 'doctor', kind: 'case.assigned', title: 'Added to a case team', message: 'You are now Attending doctor on {case}', link: { tab: 'team' }, minutesAgo: 12 },
    { mailbox: 'doctor', kind: 'portal.request', title: 'Request from the patient portal', message: '{case}: Appointment request', link: { tab: 'overview' }, minutesAgo: 95 },
    { mailbox: 'doctor', kind: 'appointment.moved', title: 'Appointment moved', message: 'Follow-up for {case} is now tomorrow at 10:00', link: { path: '/schedule' }, minutesAgo: 60 * 26, read: true },
    { mailbox: 'nurse', kind: 'task.assigned', title: 'Task assigned to you', message: 'Check vital signs on {case}', link: { path: '/tasks' }, minutesAgo: 40 },
    { mailbox: 'casemanager', kind: 'portal.request', title: 'Request from the patient portal', message: '{case}: Question about discharge', link: { tab: 'overview' }, minutesAgo: 30 },
    { mailbox: 'admin', kind: 'case.assigned', title: 'Added to a case team', message: 'You are now Case manager on {case}', link: { tab: 'team' }, minutesAgo: 180 },
    { mailbox: 'patient', kind: 'appointment.booked', title: 'Appointment booked', message: 'Your follow-up appointment is booked', link: { path: '/' }, minutesAgo: 300 },
  ],
  legal: [
    { mailbox: 'director', kind: 'case.assigned', title: 'Added to a case team', message: 'You are now Responsible attorney on {case}', link: { tab: 'team' }, minutesAgo: 20 },
    { mailbox: 'director', kind: 'appointment.moved', title: 'Appointment moved', message: 'Consultation on {case} is now on Friday at 09:00', link: { path: '/schedule' }, minutesAgo: 60 * 30, read: true },
    { mailbox: 'admin', kind: 'task.assigned', title: 'Task assigned to you', message: 'File the notice on {case}', link: { path: '/tasks' }, minutesAgo: 45 },
    { mailbox: 'consultant', kind: 'case.assigned', title: 'Added to a case team', message: 'You are now Case coordinator on {case}', link: { tab: 'team' }, minutesAgo: 90 },
  ],
  medicolegal: [
    { mailbox: 'attorney', kind: 'case.assigned', title: 'Added to a case team', message: 'You are now Responsible attorney on {case}', link: { tab: 'team' }, minutesAgo: 25 },
    { mailbox: 'attorney', kind: 'appointment.moved', title: 'Appointment moved', message: 'Consultation with counsel on {case} is now on Monday at 11:00', link: { path: '/schedule' }, minutesAgo: 60 * 28, read: true },
    { mailbox: 'slu', kind: 'task.assigned', title: 'Task assigned to you', message: 'Brief the expert on {case}', link: { path: '/tasks' }, minutesAgo: 50 },
    { mailbox: 'admin', kind: 'case.assigned', title: 'Added to a case team', message: 'You are now Case coordinator on {case}', link: { tab: 'team' }, minutesAgo: 150 },
  ],
};

/** The id of an organisation's n-th seeded notification (1-based), e.g. seed-notification-<slug>-1. */
export function seedNotificationId(organizationSlug: string, n: number): string {
  return `seed-notification-${organizationSlug}-${n}`;
}

export async function seedNotifications(db: Kysely<DB>, now: Date): Promise<void> {
  const rows: Insertable<DB['notifications']>[] = [];
  for (const def of DEMO_ORGANIZATIONS) {
    const org = await db.selectFrom('organizations').select('id').where('slug', '=', def.slug).executeTakeFirst();
    if (!org) continue;
    const platform = def.platform as TPlatform;
    let n = 0;
    for (const item of BY_PLATFORM[platform] ?? []) {
      const person = def.people.find((p) => p.mailbox === item.mailbox);
      if (!person) continue;
      const user = await db.selectFrom('users').select('id').where('email', '=', emailOf(def, person)).executeTakeFirst();
      if (!user) continue;
      // Their first case on a team; else any case of the organisation.
      const kase =
        (await db
          .selectFrom('case_team')
          .innerJoin('cases', 'cases.id', 'case_team.case_id')
          .select(['cases.id', 'cases.patient_name'])
          .where('case_team.user_id', '=', user.id)
          .where('cases.organization_id', '=', org.id)
          .orderBy('cases.created_at')
          .orderBy('cases.id')
          .executeTakeFirst()) ??
        (await db.selectFrom('cases').select(['id', 'patient_name']).where('organization_id', '=', org.id).orderBy('created_at').orderBy('id').executeTakeFirst());
      const href = 'path' in item.link ? item.link.path : kase ? casePagePath(platform, kase.id, item.link.tab) : '/';
      const created = new Date(now.getTime() - item.minutesAgo * MINUTE_MS).toISOString();
      n += 1;
      rows.push({
        id: seedNotificationId(def.slug, n),
        organization_id: org.id,
        user_id: user.id,
        kind: item.kind,
        type: NOTIFICATION_KIND_INFO[item.kind].type,
        title: item.title,
        message: item.message.replace('{case}', kase?.patient_name ?? 'a case'),
        href,
        dedupe_key: null,
        read_at: item.read ? created : null,
        email_state: 'none',
        created_at: created,
      });
    }
  }
  if (rows.length > 0) await db.insertInto('notifications').values(rows).execute();
}
