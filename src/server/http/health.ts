import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';

const TIMEOUT_MS = 2_000;

/** GET /healthz: 200 when the database answers a query, 503 when it does not. */
export function registerHealth(app: FastifyInstance, db: Kysely<any>): void {
  app.get('/healthz', async (request, reply) => {
    try {
      await Promise.race([
        sql`select 1`.execute(db),
        new Promise((_, reject) => setTimeout(() => reject(new Error('database check timed out')), TIMEOUT_MS).unref()),
      ]);
      return reply.header('cache-control', 'no-store').send({ status: 'ok', database: 'ok' });
    } catch (error) {
      request.log.error({ err: error }, 'health check failed');
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'unavailable', database: 'unreachable' });
    }
  });
}
