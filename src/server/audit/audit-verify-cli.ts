import { connectDatabase } from '../../../db/connect';
import { loadConfigOrExit } from '../config';
import { verifyAuditChain } from './audit-verify';

// npm run audit:verify — checks the hash chain of the audit trail in the database of DATABASE_URL
// (or DATA_DIR's SQLite file). Exit 0: intact. Exit 1: tampering found, with the first broken entry.
const config = loadConfigOrExit();
const database = connectDatabase(config.DATABASE_URL, { dataDir: config.DATA_DIR });
try {
  const result = await verifyAuditChain(database.db);
  if (result.ok) {
    console.log(`Audit trail intact: ${result.entries} entries verified (${database.location}).`);
  } else {
    console.error(`Audit trail TAMPERED at entry ${result.problem?.seq}: ${result.problem?.reason} (${result.entries} entries verified before it; ${database.location}).`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
