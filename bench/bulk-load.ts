// Loading the generated bench data fast (issue 30: 1,000,000 cases in under 5 minutes, not 28).
// What made the first generator slow was doing a bulk load the way the product does single writes:
// every row through Kysely's compiler, every secondary index, trigram index and trigger kept up to
// date row by row. A bulk loader does what a DBA would: drop the secondary indexes and triggers of
// the tables it fills, insert with prepared multi-row statements (SQLite) or one
// `json_populate_recordset` statement per batch (Postgres, a single parameter per batch), then build
// the indexes once, sorted, rebuild the SQLite full-text tables from their content, recompute the
// trigger-kept case counts, and put the triggers back. The resulting schema is the migrated one.
import SQLite from 'better-sqlite3';
import pg from 'pg';

export type Row = Record<string, unknown>;

export interface BulkLoader {
  /** Drops the secondary indexes and triggers of these tables until finish(). */
  deferIndexes(tables: readonly string[]): Promise<void>;
  begin(): Promise<void>;
  /** Queues the rows; they are written by commit() at the latest. */
  insert(table: string, rows: readonly Row[]): void;
  /** Waits until at most the rows queued since the last settle() are still unwritten (bounded memory). */
  settle(): Promise<void>;
  commit(): Promise<void>;
  /** Builds the dropped indexes, rebuilds derived tables, restores the triggers; closes. */
  finish(): Promise<void>;
}

const columnsOf = (rows: readonly Row[]) => [...new Set(rows.flatMap((r) => Object.keys(r)))];

// SQLite allows 32,766 bound parameters per statement; 200 rows a statement is past the point of
// diminishing returns.
const SQLITE_ROWS_PER_STATEMENT = 200;

export function sqliteBulkLoader(file: string): BulkLoader {
  const db = new SQLite(file);
  // A bench database being filled: a crash means generating again, so no syncs and no FK checks
  // (the generator makes consistent rows). The journal stays WAL, as the product opens it.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = OFF');
  db.pragma('cache_size = -1048576'); // 1 GiB of page cache: the primary-key B-trees of random UUIDs stay in memory
  db.pragma('temp_store = MEMORY');
  const deferred: { type: string; sql: string }[] = [];
  const statements = new Map<string, SQLite.Statement>();
  const statement = (table: string, columns: string[], rows: number) => {
    const key = `${table}|${columns.join(',')}|${rows}`;
    let stmt = statements.get(key);
    if (!stmt) {
      const tuple = `(${columns.map(() => '?').join(', ')})`;
      stmt = db.prepare(`insert into ${table} (${columns.join(', ')}) values ${Array.from({ length: rows }, () => tuple).join(', ')}`);
      statements.set(key, stmt);
    }
    return stmt;
  };
  return {
    async deferIndexes(tables) {
      const list = tables.map((t) => `'${t}'`).join(', ');
      const found = db.prepare(`select type, name, sql from sqlite_master where type in ('index', 'trigger') and sql is not null and tbl_name in (${list})`).all() as { type: string; name: string; sql: string }[];
      for (const item of found) {
        db.exec(`drop ${item.type} ${item.name}`);
        deferred.push(item);
      }
    },
    async begin() {
      db.exec('begin');
    },
    insert(table, rows) {
      if (rows.length === 0) return;
      const columns = columnsOf(rows);
      for (let i = 0; i < rows.length; i += SQLITE_ROWS_PER_STATEMENT) {
        const chunk = rows.slice(i, i + SQLITE_ROWS_PER_STATEMENT);
        const values: unknown[] = [];
        for (const row of chunk) for (const c of columns) values.push(row[c] ?? null);
        statement(table, columns, chunk.length).run(values);
      }
    },
    async settle() {},
    async commit() {
      db.exec('commit');
    },
    async finish() {
      // CREATE INDEX sorts with helper threads when allowed (off by default): both cores sort.
      db.pragma('threads = 2');
      for (const item of deferred.filter((d) => d.type === 'index')) db.exec(item.sql);
      // External-content FTS5 tables (migrations 0007, 0013) read their text back from the table.
      const fts = db.prepare("select name from sqlite_master where type = 'table' and sql like 'create virtual table%fts5%'").all() as { name: string }[];
      for (const { name } of fts) db.exec(`insert into ${name} (${name}) values ('rebuild')`);
      db.exec('delete from case_counts; insert into case_counts (organization_id, status, n) select organization_id, status, count(*) from cases group by organization_id, status');
      for (const item of deferred.filter((d) => d.type === 'trigger')) db.exec(item.sql);
      db.close();
    },
  };
}

// Postgres: one statement per batch, its rows as one JSON parameter. Large batches, as the round
// trip and the statement's planning are paid per batch.
const POSTGRES_ROWS_PER_STATEMENT = 5_000;

export async function postgresBulkLoader(url: string): Promise<BulkLoader> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // replica: no triggers (the case counts are recomputed at the end) and no FK checks on the bulk.
  await client.query("set session_replication_role = replica; set synchronous_commit = off; set maintenance_work_mem = '1GB'");
  const deferred: string[] = [];
  // The statements run one after another on the connection; the generator builds the next rows meanwhile.
  let written: Promise<void> = Promise.resolve();
  let settled: Promise<void> = Promise.resolve();
  let failure: unknown = null;
  return {
    async deferIndexes(tables) {
      const { rows } = await client.query<{ name: string; definition: string }>(
        `select indexname as name, indexdef as definition from pg_indexes where schemaname = current_schema() and tablename = any($1)
          and indexname not in (select conname from pg_constraint)`,
        [tables],
      );
      for (const index of rows) {
        await client.query(`drop index ${index.name}`);
        deferred.push(index.definition);
      }
    },
    async begin() {
      await client.query('begin');
    },
    insert(table, rows) {
      if (rows.length === 0) return;
      const columns = columnsOf(rows).join(', ');
      // Not awaited: chained, so the next rows are built while the server writes these (both cores work).
      for (let i = 0; i < rows.length; i += POSTGRES_ROWS_PER_STATEMENT) {
        const json = JSON.stringify(rows.slice(i, i + POSTGRES_ROWS_PER_STATEMENT));
        const text = `insert into ${table} (${columns}) select ${columns} from json_populate_recordset(null::${table}, $1)`;
        written = written.then(() => (failure ? undefined : client.query(text, [json]).then(() => undefined, (error: unknown) => void (failure = error))));
      }
    },
    async settle() {
      await settled;
      settled = written;
    },
    async commit() {
      await written;
      if (failure) throw failure;
      await client.query('commit');
    },
    async finish() {
      // The indexes on two connections at once: a GIN (trigram) build runs on one core, and the
      // build of a B-tree at a time leaves the other idle.
      const second = new pg.Client({ connectionString: url });
      await second.connect();
      await second.query("set maintenance_work_mem = '1GB'");
      const queue = [...deferred];
      const builder = async (c: pg.Client) => {
        for (let next = queue.shift(); next; next = queue.shift()) await c.query(next);
      };
      await Promise.all([builder(client), builder(second)]);
      await second.end();
      await client.query('delete from case_counts');
      await client.query('insert into case_counts (organization_id, status, n) select organization_id, status, count(*) from cases group by organization_id, status');
      await client.end();
    },
  };
}
