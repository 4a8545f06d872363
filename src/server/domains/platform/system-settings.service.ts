import type { Kysely, Selectable } from 'kysely';
import type { DB, EmailOutboxTable } from '../../../../db/schema';
import { addMinutes } from '../../../../db/time';
import { PRESENCE_WINDOW_MINUTES } from '../../../shared/domain/presence';
import {
  type TListOutboxInput,
  type TOutboxMessage,
  type TOutboxPage,
  type TOutboxStatus,
  type TSystemOverview,
  type TTrialState,
} from '../../../shared/domain/system-settings';
import { fullName } from '../../../shared/format';
import type { TPlatform } from '../../../shared/platform';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { deliverQueued } from '../../mail/outbox';
import type { Actor } from '../../auth/actor';
import { countSuperUsersOnline } from '../presence/presence.service';
import { activeMemberCount } from '../organizations/member-count';

// /system-settings (issue 7): the Super Admin's view of the whole install. It reads every
// organisation and every outgoing e-mail on purpose, so the actor is checked here as well.

function assertSuperAdmin(actor: Actor): void {
  if (!actor.isSuperAdmin) throw new AppError('FORBIDDEN', 'Only a Super Admin can see the system settings.');
}

const DAY_MS = 86_400_000;

/** A trial runs until trial_ends_at; an organisation without one is on its plan. */
export function trialStateOf(plan: string, trialEndsAt: string | null, now: Date): TTrialState {
  if (!trialEndsAt) return { state: 'plan', plan };
  const left = Date.parse(trialEndsAt) - now.getTime();
  if (left <= 0) return { state: 'ended', endsAt: trialEndsAt };
  return { state: 'trial', endsAt: trialEndsAt, daysLeft: Math.ceil(left / DAY_MS) };
}

/** How e-mail leaves this server, naming the SMTP host only: the URL may carry a password. */
export function mailModeOf(config: Config): TSystemOverview['mail'] {
  if (!config.SMTP_URL) return { mode: 'outbox', host: null, from: config.MAIL_FROM };
  const url = new URL(config.SMTP_URL);
  return { mode: 'smtp', host: url.port ? `${url.hostname}:${url.port}` : url.hostname, from: config.MAIL_FROM };
}

export async function getSystemOverview(db: Kysely<DB>, actor: Actor, config: Config, now: Date = new Date()): Promise<TSystemOverview> {
  assertSuperAdmin(actor);
  const since = addMinutes(now.toISOString(), -PRESENCE_WINDOW_MINUTES);
  const [organizations, online, onlineUsers, outbox] = await Promise.all([
    db
      .selectFrom('organizations')
      .select(['id', 'name', 'platform', 'type', 'is_active', 'plan', 'trial_ends_at', 'max_users', 'created_at'])
      .select(activeMemberCount)
      .orderBy('is_active', 'desc')
      .orderBy('name')
      .orderBy('id')
      .execute(),
    countSuperUsersOnline(db, actor),
    // The same rule as the presence count (active Super Admins seen within the window), with names.
    db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email', 'last_seen_at'])
      .where('is_super_admin', '=', 1)
      .where('is_active', '=', 1)
      .where('last_seen_at', '>=', since)
      .orderBy('last_seen_at', 'desc')
      .orderBy('id')
      .execute(),
    db.selectFrom('email_outbox').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute(),
  ]);
  const outboxCount = (status: TOutboxStatus) => Number(outbox.find((row) => row.status === status)?.n ?? 0);
  return {
    organizations: organizations.map((row) => ({
      id: row.id,
      name: row.name,
      platform: row.platform as TPlatform,
      type: row.type,
      isActive: Number(row.is_active) === 1,
      plan: row.plan,
      trial: trialStateOf(row.plan, row.trial_ends_at, now),
      memberCount: Number(row.member_count ?? 0),
      maxUsers: row.max_users === null ? null : Number(row.max_users),
      createdAt: row.created_at,
    })),
    superUsersOnline: {
      count: online.count,
      users: onlineUsers.map((u) => ({ id: u.id, name: fullName(u.first_name, u.last_name) ?? u.email, email: u.email, lastSeenAt: u.last_seen_at ?? '' })),
    },
    mail: mailModeOf(config),
    outboxCounts: { stored: outboxCount('stored'), queued: outboxCount('queued'), sent: outboxCount('sent'), failed: outboxCount('failed') },
  };
}

function toOutboxMessage(row: Selectable<EmailOutboxTable>): TOutboxMessage {
  return {
    id: row.id,
    organizationId: row.organization_id,
    toAddress: row.to_address,
    subject: row.subject,
    body: row.text_body,
    kind: row.kind,
    status: row.status,
    error: row.error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

/** Every e-mail the product wrote, newest first, a page at a time. */
export async function listOutbox(db: Kysely<DB>, actor: Actor, input: TListOutboxInput): Promise<TOutboxPage> {
  assertSuperAdmin(actor);
  const page = input?.page ?? 1;
  const pageSize = input?.pageSize ?? 25;
  const filtered = () => {
    const query = db.selectFrom('email_outbox');
    return input?.status ? query.where('status', '=', input.status) : query;
  };
  const [rows, total] = await Promise.all([
    filtered()
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toOutboxMessage), total: Number(total.n), page, pageSize };
}

/** Sends a failed message again (after the SMTP server is fixed); its outcome is recorded on the row. */
export async function retryMail(db: Kysely<DB>, actor: Actor, config: Config, id: string): Promise<TOutboxMessage> {
  assertSuperAdmin(actor);
  if (!config.SMTP_URL) throw new AppError('CONFLICT', 'No SMTP server is configured (SMTP_URL), so messages stay in the outbox; forward them by hand.');
  const requeued = await db.updateTable('email_outbox').set({ status: 'queued', error: null }).where('id', '=', id).where('status', '=', 'failed').executeTakeFirst();
  if (Number(requeued.numUpdatedRows) === 0) {
    const existing = await db.selectFrom('email_outbox').select('status').where('id', '=', id).executeTakeFirst();
    if (!existing) throw new AppError('NOT_FOUND', 'Message not found.');
    throw new AppError('CONFLICT', `Only a failed message can be sent again; this one is ${existing.status}.`);
  }
  await deliverQueued(db, config, [id]);
  return toOutboxMessage(await db.selectFrom('email_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}
