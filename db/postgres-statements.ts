import { randomBytes } from 'node:crypto';
import type pg from 'pg';

// Named prepared statements on Postgres (issue 30, decision 0049). Kysely sends every query as an
// unnamed statement, so Postgres parses, analyses and plans it on every call — for the session
// lookup (four tables joined) and the case list's page that is a good part of what the database
// does per request, on a box whose two cores it shares with Node. A named statement is parsed and
// planned once per connection and then only bound and executed, as the bench's baseline does.
//
// The SQL text of a query builder is the same on every call (values travel as parameters), so each
// distinct text gets one name. Bounded: SQL that varies with its input (an IN list of varying
// length) cannot grow the names — or the plans each connection keeps — without limit; past the
// bound, new texts run unnamed as before. Statements without parameters (begin, commit, set local
// …) stay unnamed: there is nothing to bind, and they are cheap to parse.
//
// Searches stay unnamed too (decision 0052). After five runs of a named statement Postgres may keep
// one generic plan for it, made without the values; for a LIKE pattern or a trigram similarity the
// values are what decides the plan (a common name: walk the organisation newest first and stop at
// the page, 0.6 ms; a rare one: the trigram index). The generic plan of the case search read every
// match of "naidoo" in the trigram index and sorted them: 77 ms instead of 0.6, and at 75 requests
// a second it held the open loop's p99 at 700 ms. An unnamed statement is planned for its values.

export const MAX_NAMED_STATEMENTS = 1_000;
/** SQL whose best plan depends on a pattern's value: LIKE / ILIKE, pg_trgm's similarity operators. */
export const plannedByItsValues = (text: string): boolean => /\b(i?like|similar to)\b|\s(%|<%|%>|<<%|%>>)\s|similarity\(/i.test(text);
/** Whether a query is worth a name: it has values to bind, and a generic plan would serve it. */
export const worthNaming = (text: string, values: unknown[]): boolean => values.length > 0 && !plannedByItsValues(text);
/** This process, in the statement names: random, since process ids repeat across containers. */
const PROCESS_TAG = randomBytes(4).toString('hex');

type Query = pg.PoolClient['query'];

/** The pool Kysely's PostgresDialect is given: pg's, with each client's parameterised queries named. */
export function withNamedStatements(pool: pg.Pool, maxNames = MAX_NAMED_STATEMENTS): { connect(): Promise<pg.PoolClient>; end(): Promise<void> } {
  // One wrapper per pg client, so Kysely (which keeps a connection object per client) sees the same one.
  const wrapped = new WeakMap<pg.PoolClient, pg.PoolClient>();
  let clients = 0;
  const wrap = (client: pg.PoolClient): pg.PoolClient => {
    // Names are the client's own: a server that keeps a session's statements past a reconnect (the
    // embedded PGlite behind its socket has one session, which it shares with every connection —
    // of this process or another: the two-process resilience test) must not be asked to prepare a
    // name twice. Hence the process and the client in each name.
    const prefix = `s${PROCESS_TAG}_${++clients}_`;
    const names = new Map<string, string>();
    const nameOf = (text: string): string | undefined => {
      let name = names.get(text);
      if (name === undefined && names.size < maxNames) {
        name = `${prefix}${names.size}`;
        names.set(text, name);
      }
      return name;
    };
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const named = ((text: unknown, values?: unknown[]) => {
      const name = typeof text === 'string' && Array.isArray(values) && worthNaming(text, values) ? nameOf(text) : undefined;
      return name ? query({ name, text, values }) : query(text, values);
    }) as unknown as Query;
    return new Proxy(client, {
      get(target, key) {
        if (key === 'query') return named;
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  return {
    async connect() {
      const client = await pool.connect();
      let proxy = wrapped.get(client);
      if (!proxy) wrapped.set(client, (proxy = wrap(client)));
      return proxy;
    },
    end: () => pool.end(),
  };
}
