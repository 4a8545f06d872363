import type { Kysely } from 'kysely';
import type { DB } from '../../../../db/schema';
import type { Config } from '../../config';
import { deliverQueued, queueMail } from '../../mail/outbox';
import { sweepDueNotifications } from './due-sweep';

// Notifications that their person also wants by e-mail (issue 21). notify() marks them 'due' inside
// the change's transaction; this writes each to the outbox and marks it 'queued' in one transaction
// (a row is mailed once, or not at all if the write fails), then hands the outbox rows to SMTP.
// The server runs it, with the due sweep, every NOTIFICATION_JOB_INTERVAL_MS (startNotificationJobs).

/** Rows mailed per run: a backlog drains over the next runs. */
const MAIL_BATCH = 200;
export const NOTIFICATION_JOB_INTERVAL_MS = 60_000;

/** The absolute address of a link, when the server knows the public address it is reached at. */
function absoluteLink(config: Config, href: string | null): string | null {
  const base = config.PUBLIC_URL || config.APP_ORIGIN[0];
  if (!href || !base) return null;
  return new URL(href, base).toString();
}

/** Writes the 'due' notifications to the outbox and sends them; returns how many were queued. */
export async function mailDueNotifications(db: Kysely<DB>, config: Config): Promise<number> {
  const outboxIds = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.user_id')
      .select(['notifications.id', 'notifications.organization_id', 'notifications.title', 'notifications.message', 'notifications.href', 'users.email', 'users.is_active'])
      .where('notifications.email_state', '=', 'due')
      .orderBy('notifications.created_at')
      .orderBy('notifications.id')
      .limit(MAIL_BATCH)
      .execute();
    const ids: string[] = [];
    for (const row of rows) {
      // A deactivated account gets no mail; the row is settled all the same, so it is not read again.
      if (Number(row.is_active) === 1 && row.email) {
        const link = absoluteLink(config, row.href);
        ids.push(
          await queueMail(trx, config, {
            kind: 'notification',
            to: row.email,
            subject: row.title,
            text: link ? `${row.message}\n\n${link}` : row.message,
            organizationId: row.organization_id,
          }),
        );
      }
      await trx.updateTable('notifications').set({ email_state: 'queued' }).where('id', '=', row.id).where('email_state', '=', 'due').execute();
    }
    return ids;
  });
  await deliverQueued(db, config, outboxIds);
  return outboxIds.length;
}

export interface NotificationJobs {
  /** One run now (the sweep, then the mail); runs never overlap. */
  run(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Sweeps due tasks and near deadlines and mails due notifications at start and every `intervalMs`.
 * The timer is unref'd (it never keeps a process alive) and stop() waits for a run under way.
 */
export function startNotificationJobs(options: {
  db: Kysely<DB>;
  config: Config;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}): NotificationJobs {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const once = async () => {
    if (stopped) return;
    await sweepDueNotifications(options.db);
    await mailDueNotifications(options.db, options.config);
  };
  const run = () => (running = running.then(once, once).catch((error: unknown) => options.onError?.(error)));
  const timer = setInterval(() => void run(), options.intervalMs ?? NOTIFICATION_JOB_INTERVAL_MS);
  timer.unref();
  void run();
  return {
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
