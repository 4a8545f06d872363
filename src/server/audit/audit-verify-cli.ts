import { connectDatabase } from '../../../db/connect';
import { loadConfigOrExit } from '../config';
import { checkpointFileOf } from './audit-checkpoints';
import { AuditKeyError, loadAuditKey } from './audit-key';
import { verifyAuditChain } from './audit-verify';

// npm run audit:verify — checks the keyed hash chain of the audit trail in the database of
// DATABASE_URL (or DATA_DIR's SQLite file) with the audit key (AUDIT_KEY, or DATA_DIR/audit.key), and
// holds it against the signed checkpoints in DATA_DIR/audit-checkpoints.jsonl (decision 0024).
// Exit 0: intact. Exit 1: tampering found (or no key to check with), with the first broken entry.
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
  for (const note of result.notes) console.warn(`Note: ${note}.`);
  const legacy = result.legacyEntries > 0 ? `, the first ${result.legacyEntries} hashed the older unkeyed way` : '';
  const newest = result.checkpoints.newest;
  const checkpoints = newest ? `; ${result.checkpoints.valid} checkpoints, the newest at entry ${newest.seq} (${newest.at})` : '';
  if (result.ok) {
    console.log(`Audit trail intact: ${result.entries} entries verified${legacy}${checkpoints} (${database.location}).`);
  } else {
    console.error(`Audit trail TAMPERED at entry ${result.problem?.seq}: ${result.problem?.reason} (${result.entries} entries verified before it${checkpoints}; ${database.location}).`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
