import { markServerRunning } from '../../db/backup';
import { connectDatabase } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { seedOnFirstStart } from './demo-credentials';
import { buildApp } from './app';
import { checkpointFileOf } from './audit/audit-checkpoints';
import { startAuditCheckpoints } from './audit/audit-checkpoint-writer';
import { keyFileTooOpen, loadAuditKey } from './audit/audit-key';
import { loadConfigOrExit } from './config';
import { publicUrlWarning } from './http/public-url';
import { startNotificationJobs } from './domains/notifications/notification-mailer';

// Entry point: config → database → migrations → (demo data on an empty database) → listen.

async function main(): Promise<void> {
  const config = loadConfigOrExit();

  const database = connectDatabase(config.DATABASE_URL, {
    poolSize: config.DATABASE_POOL_SIZE,
    dataDir: config.DATA_DIR,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  });
  const applied = await migrateToLatest(database.db);
  const auditKey = loadAuditKey(config);
  const app = await buildApp({ config, db: database.db, auditKey: auditKey.key });
  const linkWarning = publicUrlWarning(config);
  if (linkWarning) app.log.warn(linkWarning);
  app.log.info({ database: database.location, dialect: database.dialect, migrationsApplied: applied }, 'database ready');
  if (auditKey.created) app.log.warn({ file: auditKey.source }, 'created the audit key: back this file up separately from the database (README, "Backups")');
  if (keyFileTooOpen(auditKey.source)) app.log.warn({ file: auditKey.source }, 'the audit key file is readable by other users: chmod 600 it');
  // Signed checkpoints of the audit chain head, outside the database: now, after every committed batch
  // of entries, at shutdown (decision 0044). A checkpoint file missing for a trail that had one is an
  // alarm and an audit entry, and the server still starts.
  const { writer: checkpoints } = await startAuditCheckpoints({
    db: database.db,
    key: auditKey.key,
    file: checkpointFileOf(config.DATA_DIR),
    log: app.log,
    onError: (error) => app.log.error({ err: error }, 'could not write an audit checkpoint'),
  });
  if (config.SEED_DEMO_DATA) await seedOnFirstStart(database.db, config, (msg) => app.log.info(msg));
  // Issue 21: due tasks and near deadlines swept into the bells, and notifications mailed, every minute.
  const notificationJobs = startNotificationJobs({
    db: database.db,
    config,
    onError: (error) => app.log.error({ err: error }, 'notification sweep or mail failed'),
  });

  // A restore must not swap the SQLite file under a running server (npm run restore checks this).
  const unmark = database.dialect === 'sqlite' ? markServerRunning(database.location) : () => {};
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await notificationJobs.stop(); // a run under way finishes before the database closes
    await app.close(); // writes the failures still being counted (audit-aggregate.ts)
    await checkpoints.stop(); // the last checkpoint covers them
    await database.close();
    unmark();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch((error: unknown) => {
  console.error(`Failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
