import { loadConfigOrExit } from '../config';
import { connectDatabase } from '../../../db/connect';
import { migrateToLatest } from '../../../db/migrate';
import { seedWithCredentials } from '../demo-credentials';

// npm run db:seed — migrates, then adds the demo organisations unless they are already there.
const config = loadConfigOrExit();
const database = connectDatabase(config.DATABASE_URL, { dataDir: config.DATA_DIR });
try {
  await migrateToLatest(database.db);
  await seedWithCredentials(database.db, config, (message) => console.log(message));
} finally {
  await database.close();
}
