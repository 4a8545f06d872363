import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { DB } from './schema';

// Kysely builds a frozen operation tree and compiles it to SQL on every call. For a query that runs
// on every request (the session lookup) that was more than half of its cost — freezing nodes,
// visiting them, and hashing a new 1.5 KB SQL string for the statement cache (issue 9, decision
// 0019). A query made with `compiledOnce` is built and compiled once per database; each call only
// puts its values in place of the placeholders. The query must not depend on anything but them.

const PLACEHOLDER = '\u0000placeholder:';

export function compiledOnce<Name extends string, Row>(
  build: (db: Kysely<DB>, placeholder: (name: Name) => string) => Compilable<Row>,
): (db: Kysely<DB>, values: Record<Name, unknown>) => Promise<Row[]> {
  const compiled = new WeakMap<Kysely<DB>, { query: CompiledQuery<Row>; names: (Name | null)[] }>();
  return async (db, values) => {
    let entry = compiled.get(db);
    if (!entry) {
      const query = build(db, (name) => `${PLACEHOLDER}${name}`).compile();
      const names = query.parameters.map((p) => (typeof p === 'string' && p.startsWith(PLACEHOLDER) ? (p.slice(PLACEHOLDER.length) as Name) : null));
      compiled.set(db, (entry = { query, names }));
    }
    const { query, names } = entry;
    const parameters = query.parameters.map((p, i) => (names[i] === null ? p : values[names[i]!]));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
