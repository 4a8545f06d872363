import { loadConfigOrExit } from '../config';
import { connectDatabase } from '../../../db/connect';
import { migrateToLatest } from '../../../db/migrate';

// npm run db:migrate — brings the database of DATABASE_URL to the latest schema.
const config = loadConfigOrExit();
const database = connectDatabase(config.DATABASE_URL, { dataDir: config.DATA_DIR });
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')} (${database.location})` : `Already up to date (${database.location})`);
} finally {
  await database.close();
}
