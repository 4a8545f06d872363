import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DB } from '../../../db/schema';
import { nowIso } from '../../../db/time';
import type { Config } from '../config';

// A transactional outbox: the e-mail is written in the same transaction as the change it reports
// (an invitation, a trial decision), so a rolled-back change sends nothing and a committed one loses
// nothing. After the commit, `deliverQueued` hands queued rows to SMTP and records the outcome. With no
// SMTP_URL the rows stay 'stored' for the Super Admin to read at /system-settings.

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** What the message is about, e.g. 'invitation', 'trial-approved', 'trial-rejected'. */
  kind: string;
  organizationId?: string | null;
}

export type OutboxStatus = 'stored' | 'queued' | 'sent' | 'failed';

/**
 * Whether this install sends e-mail (SMTP_URL). Without one, links an Administrator sends (a password
 * reset, an invitation) are shown to them to pass on (decision 0057).
 */
export function hasMailServer(config: Pick<Config, 'SMTP_URL'>): boolean {
  return Boolean(config.SMTP_URL);
}

/** Writes the message to the outbox (inside the caller's transaction) and returns its id. */
export async function queueMail(db: Kysely<DB> | Transaction<DB>, config: Config, mail: OutgoingMail): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('email_outbox')
    .values({
      id,
      organization_id: mail.organizationId ?? null,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      kind: mail.kind,
      status: config.SMTP_URL ? 'queued' : 'stored',
      error: null,
      created_at: nowIso(),
      sent_at: null,
    })
    .execute();
  return id;
}

const transports = new Map<string, Transporter>();

function transportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    // Bounded waits, so a mail server that does not answer cannot hold a request for minutes.
    const timeouts = new URLSearchParams({ connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '20000' });
    transport = nodemailer.createTransport(`${url}${url.includes('?') ? '&' : '?'}${timeouts}`);
    transports.set(url, transport);
  }
  return transport;
}

/**
 * Sends the queued messages among `ids` over SMTP. A failure is recorded on its row (status 'failed'
 * with the error) rather than thrown: the change it reports has already been committed.
 */
export async function deliverQueued(db: Kysely<DB>, config: Config, ids: readonly string[]): Promise<void> {
  if (!config.SMTP_URL || ids.length === 0) return;
  const rows = await db.selectFrom('email_outbox').selectAll().where('id', 'in', ids).where('status', '=', 'queued').execute();
  for (const row of rows) {
    try {
      await transportFor(config.SMTP_URL).sendMail({ from: config.MAIL_FROM, to: row.to_address, subject: row.subject, text: row.text_body });
      await db.updateTable('email_outbox').set({ status: 'sent', sent_at: nowIso(), error: null }).where('id', '=', row.id).execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db.updateTable('email_outbox').set({ status: 'failed', error: message.slice(0, 500) }).where('id', '=', row.id).execute();
    }
  }
}
