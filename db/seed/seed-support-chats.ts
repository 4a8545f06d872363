import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { DB } from '../schema';
import { addMinutes } from '../time';
import type { DemoOrganization } from './demo-organizations';
import type { SeedClock } from './seed-helpers';
import type { SeededOrganization } from './seed-people';

// Live-support conversations (SPEC §2.14): a member asks, the Super Admin answers.

type Category = 'Technical' | 'Administrative' | 'Training' | 'Emergency';
type Priority = 'Low' | 'Medium' | 'High' | 'Urgent';
type Status = 'Open' | 'In Progress' | 'Resolved';

/** Who wrote a line: a person key of the organisation, or the platform's Super Admin. */
type Author = string | 'superadmin';

interface ChatTemplate {
  from: string;
  title: string;
  category: Category;
  priority: Priority;
  status: Status;
  /** When the chat was opened, in minutes before now. */
  openedMinutesAgo: number;
  lines: { by: Author; text: string; afterMinutes: number }[];
}

const CHATS: Record<DemoOrganization['key'], readonly ChatTemplate[]> = {
  thornhill: [
    {
      from: 'mthembu', title: 'Bed board not updating in ICU', category: 'Technical', priority: 'Urgent', status: 'In Progress', openedMinutesAgo: 50,
      lines: [
        { by: 'mthembu', text: 'The bed board on the ICU workstation still shows ICU-02 as available although a patient was admitted an hour ago.', afterMinutes: 0 },
        { by: 'superadmin', text: 'Thanks, Anele. The assignment is saved; the ICU screen is on an old browser tab. Please refresh it while I check the workstation\'s cache settings.', afterMinutes: 6 },
        { by: 'mthembu', text: 'Refreshed and it shows correctly now. Will it happen again?', afterMinutes: 11 },
      ],
    },
    {
      from: 'jacobs', title: 'Giving a locum doctor temporary access', category: 'Administrative', priority: 'Medium', status: 'Resolved', openedMinutesAgo: 4 * 1_440 + 200,
      lines: [
        { by: 'jacobs', text: 'How do I give a locum doctor access for three weeks only?', afterMinutes: 0 },
        { by: 'superadmin', text: 'Add them under Users with the Doctor role, and deactivate the account when the contract ends. I have sent you the short guide.', afterMinutes: 25 },
        { by: 'jacobs', text: 'Done, thank you.', afterMinutes: 60 },
      ],
    },
    {
      from: 'adams', title: 'Training for night-shift nurses', category: 'Training', priority: 'Low', status: 'Open', openedMinutesAgo: 1_440 + 90,
      lines: [{ by: 'adams', text: 'Could we arrange a short CaseBridge session for the night-shift nurses, ideally at 19:00 handover?', afterMinutes: 0 }],
    },
  ],
  mokoena: [
    {
      from: 'botha', title: 'Time entries missing from the monthly export', category: 'Technical', priority: 'High', status: 'Open', openedMinutesAgo: 180,
      lines: [{ by: 'botha', text: 'Two of Ayesha\'s time entries from last week do not appear in the cost export. Both are on the Dlamini matter.', afterMinutes: 0 }],
    },
    {
      from: 'vanwyk', title: 'Responding to a POPIA access request', category: 'Administrative', priority: 'Medium', status: 'Resolved', openedMinutesAgo: 6 * 1_440 + 30,
      lines: [
        { by: 'vanwyk', text: 'A former client asked for all personal information we hold. Can CaseBridge produce that?', afterMinutes: 0 },
        { by: 'superadmin', text: 'Yes: the client\'s matters, documents and messages can be exported from the case view. The request must be answered within a reasonable time; the Information Officer signs off the reply.', afterMinutes: 40 },
      ],
    },
  ],
  gauteng: [
    {
      from: 'ngcobo', title: 'Cannot upload trial bundle before tomorrow\'s hearing', category: 'Emergency', priority: 'Urgent', status: 'Resolved', openedMinutesAgo: 2 * 1_440 + 300,
      lines: [
        { by: 'ngcobo', text: 'The upload of the Khanye trial bundle keeps failing at 80%. The hearing is tomorrow at 10:00.', afterMinutes: 0 },
        { by: 'superadmin', text: 'The file is 1.2 GB, above the upload limit. Please split it into the pleadings, the medical records and the expert reports; I have raised the limit for your unit today.', afterMinutes: 9 },
        { by: 'ngcobo', text: 'All three parts uploaded. Thank you for the quick help.', afterMinutes: 45 },
      ],
    },
    {
      from: 'masilela', title: 'Onboarding three new state attorneys', category: 'Training', priority: 'Low', status: 'Open', openedMinutesAgo: 300,
      lines: [{ by: 'masilela', text: 'Three new attorneys start on the 1st. Is there an onboarding session we can book?', afterMinutes: 0 }],
    },
  ],
};

export interface SupportChatRows {
  chatRows: Insertable<DB['support_chats']>[];
  chatMessageRows: Insertable<DB['chat_messages']>[];
}

export function buildSupportChats(org: SeededOrganization, superAdminId: string, clock: SeedClock): SupportChatRows {
  const chatRows: Insertable<DB['support_chats']>[] = [];
  const chatMessageRows: Insertable<DB['chat_messages']>[] = [];
  for (const t of CHATS[org.def.key]) {
    const id = randomUUID();
    const opened = clock.minutesAgo(t.openedMinutesAgo);
    const lastLine = t.lines.reduce((latest, line) => Math.max(latest, line.afterMinutes), 0);
    chatRows.push({
      id,
      organization_id: org.id,
      initiator_id: org.member(t.from).userId,
      title: t.title,
      category: t.category,
      priority: t.priority,
      status: t.status,
      created_at: opened,
      updated_at: addMinutes(opened, lastLine),
    });
    for (const line of t.lines) {
      chatMessageRows.push({
        id: randomUUID(),
        chat_id: id,
        organization_id: org.id,
        sender_id: line.by === 'superadmin' ? superAdminId : org.member(line.by).userId,
        message: line.text,
        message_type: 'text',
        created_at: addMinutes(opened, line.afterMinutes),
      });
    }
  }
  return { chatRows, chatMessageRows };
}
