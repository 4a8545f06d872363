import type { PGlite } from '@electric-sql/pglite';
import { type Database, connectDatabase } from '../../../db/connect';

export interface EmbeddedPostgres {
  pglite: PGlite;
  database: Database;
  stop(): Promise<void>;
}

/**
 * An embedded PGlite served over the wire protocol on a free port, so the same pg driver code runs
 * as against a server. `dataDir` is a dump of a migrated data directory (test-database-template.ts):
 * loading it skips initdb and the migrations.
 */
export async function startPglite(dataDir?: Uint8Array<ArrayBuffer>): Promise<EmbeddedPostgres> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  // pg_trgm: the case search index of migration 0007 (decision 0016).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const pglite = await PGlite.create({ extensions: { pg_trgm }, ...(dataDir ? { loadDataDir: new Blob([dataDir]) } : {}) });
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0 });
  await server.start();
  // PGlite is one session behind the socket: one pooled connection keeps transactions whole.
  const database = connectDatabase(`postgres://postgres@${server.getServerConn()}/postgres`, { poolSize: 1 });
  return {
    pglite,
    database,
    async stop() {
      await server.stop();
      await pglite.close();
    },
  };
}
