import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, openTestDatabase, testDialect } from '../src/server/test-support/test-database';
import type { DB } from './schema';

// Kysely's queries reach Postgres as named prepared statements (postgres-statements.ts): each SQL
// text is parsed and planned once per connection. What a connection has prepared is in its
// pg_prepared_statements; the transaction below keeps one connection for the whole check.

describe.skipIf(testDialect() !== 'postgres')('named prepared statements on Postgres', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.dispose());

  const prepared = (trx: Kysely<DB>) =>
    sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(trx).then((r) => r.rows);

  it('prepares a parameterised query once on a connection and answers it the same every time', async () => {
    await database.db.transaction().execute(async (trx) => {
      const slugs: string[] = [];
      for (const slug of ['first-slug', 'second-slug', 'first-slug']) {
        const found = await trx.selectFrom('organizations').select('slug').where('slug', '=', slug).execute();
        expect(found).toEqual([]);
        slugs.push(slug);
      }
      const mine = (await prepared(trx)).filter((p) => p.statement.includes('from "organizations" where "slug" = $1'));
      // Three calls with different values: one statement, prepared once.
      expect(mine).toHaveLength(1);
      expect(mine[0]!.name).toMatch(/^s[0-9a-f]{8}_\d+_\d+$/);
    });
  });

  it('runs searches unnamed, so each is planned for its pattern', async () => {
    await database.db.transaction().execute(async (trx) => {
      for (const pattern of ['%naidoo%', '%zq%']) {
        await trx.selectFrom('organizations').select('slug').where(sql<boolean>`lower(name) like ${pattern}`).execute();
      }
      expect((await prepared(trx)).some((p) => p.statement.includes('lower(name) like $1'))).toBe(false);
    });
  });

  it('runs statements without parameters unnamed', async () => {
    await database.db.transaction().execute(async (trx) => {
      await sql`select 4242 as answer`.execute(trx);
      expect((await prepared(trx)).some((p) => p.statement.includes('4242'))).toBe(false);
    });
  });
});
