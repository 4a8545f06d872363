import { isPostgresUrl, SQLITE_FILE_NAME } from '../../../db/connect';
import { join, resolve } from 'node:path';
import { loadConfigOrExit } from '../config';
import { BackupError, backupSqlite, copyCheckpointsForBackup, restoreCheckpoints, restoreSqlite } from '../../../db/backup';

// npm run backup -- <file> [--force]   an online copy of the SQLite database, while the server runs
// npm run restore -- <file>            puts a copy back; the server must be stopped
// The database is the one the server uses (DATA_DIR, or DATABASE_URL when it is a file path).

const [command, ...args] = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((a) => !a.startsWith('--'));
const config = loadConfigOrExit();

if (isPostgresUrl(config.DATABASE_URL)) {
  console.error('DATABASE_URL is PostgreSQL: back it up with pg_dump and restore with pg_restore (README, "Backups").');
  process.exit(1);
}
if (!file || (command !== 'backup' && command !== 'restore')) {
  console.error(command === 'restore' ? 'Usage: npm run restore -- <backup file>' : 'Usage: npm run backup -- <file> [--force]');
  process.exit(1);
}
const databaseFile = resolve((config.DATABASE_URL ?? join(config.DATA_DIR, SQLITE_FILE_NAME)).replace(/^(sqlite|file):(\/\/)?/i, ''));
const size = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

try {
  if (command === 'backup') {
    const started = Date.now();
    // The database first, then its audit checkpoints up to the copy's head (decision 0044): each names an
    // entry the copy holds, and they reach as far as the copy records it was checkpointed.
    const done = await backupSqlite(databaseFile, resolve(file), { force });
    const checkpoints = copyCheckpointsForBackup(config.DATA_DIR, resolve(file), done.auditHead ?? { seq: 0, trailId: null });
    console.log(`Backed up ${databaseFile} to ${done.file}: ${size(done.bytes)}, ${done.cases} cases, ${done.auditEntries} audit entries, integrity ok (${Date.now() - started} ms).`);
    if (checkpoints) console.log(`The audit trail's checkpoints are beside it: ${checkpoints}. Keep the two together.`);
    console.log('The audit key (AUDIT_KEY, or audit.key in DATA_DIR) is not in the backup: keep one copy of it apart from the backups.');
  } else {
    const done = restoreSqlite(resolve(file), databaseFile);
    console.log(`Restored ${done.file} from ${resolve(file)}: ${done.cases} cases, ${done.auditEntries} audit entries, integrity ok.`);
    if (done.previous) console.log(`The database it replaced is kept at ${done.previous}.`);
    const checkpoints = restoreCheckpoints(resolve(file), config.DATA_DIR);
    if (checkpoints.restored) {
      console.log(`The audit checkpoints saved with the backup are back in ${checkpoints.restored}.`);
      if (checkpoints.previous) console.log(`The newer checkpoints are kept at ${checkpoints.previous} (they name entries this backup never held).`);
    } else {
      console.log('No audit checkpoints were saved beside this backup: audit:verify will report newer checkpoints as "beyond the trail" (entries cut, or restored from an older backup).');
    }
    console.log('Start the server again; run `npm run audit:verify` to check the audit trail of the restored copy.');
  }
} catch (error) {
  console.error(error instanceof BackupError ? error.message : `${command} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
