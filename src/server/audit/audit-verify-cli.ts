import { connectDatabase } from '../../../db/connect';
import { loadConfigOrExit } from '../config';
import { checkpointFileOf } from './audit-checkpoints';
import { AuditKeyError, loadAuditKey } from './audit-key';
import { verificationReport, verifyAuditChain } from './audit-verify';

// npm run audit:verify — checks the keyed hash chain of the audit trail in the database of
// DATABASE_URL (or DATA_DIR's SQLite file) with the audit key (AUDIT_KEY, or DATA_DIR/audit.key), and
// holds it against the signed checkpoints in DATA_DIR/audit-checkpoints.jsonl (decision 0024).
// Exit 0: intact. Exit 1: tampering found (or no key to check with), with the first broken entry; or
// the checkpoint file missing or cut short for a trail the database says was checkpointed, or
// another trail's file (decision 0044) — each said in its own words.
const config = loadConfigOrExit();
let key: Buffer;
try {
  key = loadAuditKey(config, { create: false }).key;
} catch (error) {
  if (!(error instanceof AuditKeyError)) throw error;
  console.error(`Cannot verify the audit trail: ${error.message}`);
  process.exit(1);
}
const database = connectDatabase(config.DATABASE_URL, { dataDir: config.DATA_DIR });
try {
  const checkpointFile = checkpointFileOf(config.DATA_DIR);
  const result = await verifyAuditChain(database.db, { key, checkpointFile });
  const report = verificationReport(result, database.location);
  for (const line of report.out) console.log(line);
  for (const line of report.err) console.error(line);
  process.exitCode = report.exitCode;
} finally {
  await database.close();
}
