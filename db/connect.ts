import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { withNamedStatements } from './postgres-statements';
import type { DB } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Where the data lives, without credentials: for logs. */
  location: string;
  close(): Promise<void>;
}

export const SQLITE_FILE_NAME = 'casebridge.sqlite';

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

/** `DATABASE_URL` unset → SQLite in the data directory; a file path → SQLite there; `postgres://…` → a pg Pool. */
export interface ConnectOptions {
  poolSize?: number;
  dataDir?: string;
  /** Postgres: give up on a new connection after this long (a stopped server must not hang requests). */
  connectTimeoutMs?: number;
  /** Postgres: the longest one statement may run, on the server and as seen by the client. */
  statementTimeoutMs?: number;
}

export function connectDatabase(url: string | undefined, options: ConnectOptions = {}): Database {
  if (isPostgresUrl(url)) return connectPostgres(url, options);
  return connectSqlite(url || join(options.dataDir ?? './data', SQLITE_FILE_NAME));
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew; preparing (parsing and planning the SQL) cost
 * more than running the case list's page itself under load (decision 0017). The SQL text of a
 * query builder is the same on every call, values travel as parameters, so statements are kept by
 * their text. Bounded: dynamic SQL (e.g. an IN list of varying length) cannot grow it without limit.
 * A cached statement is never shared while running: better-sqlite3 runs each to completion
 * synchronously, except iterate() (Kysely's stream()), which gets a fresh statement.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let stmt = cache.get(sqlText);
      if (stmt === undefined) {
        stmt = sqlite.prepare(sqlText);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(sqlText, stmt);
      }
      return stmt.busy ? sqlite.prepare(sqlText) : stmt;
    },
  };
}

const OPTIMIZE_EVERY_MS = 60 * 60_000;

/**
 * The query planner chooses between indexes by their statistics: without them a search for a rare
 * term walks the organisation's created_at index instead of the trigram index (decision 0019), and
 * nothing but `ANALYZE` writes them. SQLite's advice for a long-lived connection: `PRAGMA optimize`
 * when it opens (0x10002: tables never analysed too) and from time to time after. analysis_limit
 * samples instead of reading whole tables: ~0.3 s once on a never-analysed 1,000,000-case database,
 * next to nothing once the statistics are there.
 */
function keepStatistics(sqlite: SQLite.Database): NodeJS.Timeout {
  // An optimisation only: a database another process holds locked is analysed next time instead.
  const optimize = (mask: string) => {
    try {
      if (sqlite.open && !sqlite.readonly) sqlite.pragma(`optimize${mask}`);
    } catch {
      /* next time */
    }
  };
  sqlite.pragma('analysis_limit = 1000');
  optimize(' = 0x10002');
  return setInterval(() => optimize(''), OPTIMIZE_EVERY_MS).unref();
}

function connectSqlite(pathOrUrl: string): Database {
  const file = pathOrUrl.replace(/^(sqlite|file):(\/\/)?/i, '');
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const optimizer = keepStatistics(sqlite);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    location: file,
    close: () => {
      clearInterval(optimizer);
      return db.destroy();
    },
  };
}

// pg returns int8 (COUNT, SUM) and numeric (AVG) as strings to be safe for huge values. Our counts
// and cent sums stay far below 2^53, so read them as numbers to match what SQLite returns.
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID) return (v: string) => Number.parseInt(v, 10);
    if (oid === NUMERIC_OID) return (v: string) => Number.parseFloat(v);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

function connectPostgres(url: string, options: ConnectOptions): Database {
  const statementTimeout = options.statementTimeoutMs ?? 30_000;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    types: typeParsers,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    statement_timeout: statementTimeout,
    // A connection that dies mid-query (server stopped) answers within this, not after TCP gives up.
    query_timeout: statementTimeout + 5_000,
  });
  // A client losing its connection (the server stopped or restarted) must not crash the process:
  // pg emits 'error' on the client, which is an uncaught exception unless someone listens — the pool
  // listens only while the client is idle, so every client gets its own listener. Its queries fail
  // (and answer 503, src/server/database-errors.ts); the pool replaces it on the next request.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) as unknown as pg.Pool }) });
  const parsed = new URL(url);
  return {
    db,
    dialect: 'postgres',
    location: `postgres://${parsed.host}${parsed.pathname}`,
    close: () => db.destroy(),
  };
}
