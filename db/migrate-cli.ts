import { loadConfigOrExit } from '../src/server/config';
import { connectDatabase } from './connect';
import { migrateToLatest } from './migrate';

// npm run db:migrate — brings the database of DATABASE_URL to the latest schema.
const config = loadConfigOrExit();
const database = connectDatabase(config.DATABASE_URL, { dataDir: config.DATA_DIR });
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')} (${database.location})` : `Already up to date (${database.location})`);
} finally {
  await database.close();
}
