import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

// Which server test files run where (decision 0046). vitest.config.ts reads this; so does
// src/server/test-tiers.test.ts, which fails when a module writing dialect-specific SQL has no test
// on Postgres in the every-change tier.
//
// Every-change tier (`npm test`):
//   - pure files (they open no database) run once;
//   - every database file runs on SQLite;
//   - on Postgres, the files that exercise SQL that differs by dialect: a file that imports such a
//     module, or sits beside it with the same name stem (dashboard.test.ts ↔ dashboard.service.ts),
//     every file under db/ (migrations, seeds, backup), and the ones CLAIMED_THROUGH_THE_APP below,
//     less the walks of WALKS_ON_SQLITE (they prove rules that are not SQL dialect).
// Full tier (`npm run test:full`, TEST_TIER=full): every database file on both dialects.

const ROOTS = ['src', 'db'];

/** Product SQL that may behave differently on SQLite and Postgres: raw SQL, a dialect branch, upserts, RETURNING, row locks. */
export const DIALECT_SENSITIVE = /\bsql`|\bsql<|\bsql\.(raw|ref|lit|join|id|table)\b|\.dialect\b|onConflict|\breturning\b|forUpdate|advisory/;

/** Test files that open a database (directly, or through the test app). */
const OPENS_A_DATABASE = /openTestDatabase|test-support\/test-app'|from '\.\/test-app'/;

/** A file that replaces a module, a global, the environment or the clock gets a fresh module graph. */
const CHANGES_GLOBALS = /vi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers|spyOn)\b|process\.env\.\w+ *=[^=]|delete process\.env|globalThis\.\w+ *=[^=]/;

/**
 * Modules reached only through the app, with the test that exercises their SQL on both dialects.
 * Migrations need no entry: every Postgres run migrates its template from zero.
 */
export const CLAIMED_THROUGH_THE_APP: Record<string, string> = {
  'src/server/main.ts': 'src/server/resilience/database-outage.test.ts',
  'src/server/http/health.ts': 'src/server/resilience/database-outage.test.ts',
  'src/server/http/signed-in-preloads.ts': 'src/server/http/client-assets.test.ts',
  'src/server/auth/throttle.ts': 'src/server/auth/sign-in-burst.test.ts',
  'src/server/domains/beds/bed-queries.ts': 'src/server/domains/beds/beds.test.ts',
  'src/server/domains/parties/conflict-check.service.ts': 'src/server/domains/parties/parties.test.ts',
  'src/server/domains/portal/patient-profile.service.ts': 'src/server/domains/portal/portal.test.ts',
  // Issue 33: the aged-debtors report's partial-index condition (raw SQL), read through its REST path.
  'src/server/domains/statements/statements.service.ts': 'src/server/domains/accounts/accounts.test.ts',
  // Issue 34: a fee earner's target is an upsert, set through PUT /api/fee-targets/{userId}.
  'src/server/domains/fee-reports/fee-targets.service.ts': 'src/server/domains/fee-reports/fee-reports.test.ts',
};

/**
 * Walks over every procedure that import a dialect-sensitive module but prove rules that live in
 * code or in SQL the same on both dialects (roles, need to know, validation). They run on SQLite in
 * every change and on both in the full tier; on embedded Postgres they are most of the suite's time.
 */
export const WALKS_ON_SQLITE: Record<string, string> = {
  'src/server/need-to-know-walk.test.ts': 'the need-to-know rule is one SQL text for both dialects (case-visibility.ts), tested on both by cases/restricted-case and the domain tests',
  'src/server/authorization.test.ts': 'the capability matrix is code, checked before any query',
  'src/server/resilience/hostile-input.test.ts': 'input validation is zod, before any query',
};

export interface ServerTestFiles {
  /** Open no database: run once. */
  pure: string[];
  /** Open a database: run on SQLite. */
  database: string[];
  /** Run on Postgres in the every-change tier. */
  postgresEveryChange: string[];
  /** Need a fresh module graph (vi.mock, globals, the browser-side tests). */
  isolated: string[];
}

const allFiles = (cwd: string) =>
  ROOTS.flatMap((root) => readdirSync(join(cwd, root), { recursive: true, encoding: 'utf8' }).map((file) => `${root}/${file.replaceAll('\\', '/')}`));

/** Product modules (not tests, not migrations, not test support) whose SQL may differ by dialect. */
export function dialectSensitiveModules(cwd = process.cwd()): string[] {
  return allFiles(cwd)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('/test-support/') && !file.startsWith('db/migrations/'))
    .filter((file) => file.startsWith('src/server/') || file.startsWith('db/'))
    .filter((file) => DIALECT_SENSITIVE.test(readFileSync(join(cwd, file), 'utf8')));
}

const stemOf = (file: string) => basename(file).split(/[.-]/)[0];

function relativeImportsOf(cwd: string, file: string): string[] {
  const text = readFileSync(join(cwd, file), 'utf8');
  return [...text.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((m) => `${relative(cwd, resolve(cwd, dirname(file), m[1]!))}.ts`);
}

/** Does this test file exercise this module's SQL? */
export function claims(cwd: string, test: string, module: string): boolean {
  if (CLAIMED_THROUGH_THE_APP[module] === test) return true;
  if (dirname(module) === dirname(test) && stemOf(module) === stemOf(test)) return true;
  return relativeImportsOf(cwd, test).includes(module);
}

export function serverTestFiles(cwd = process.cwd()): ServerTestFiles {
  const tests = allFiles(cwd).filter((file) => file.endsWith('.test.ts') && !file.endsWith('.resilience.test.ts'));
  const textOf = (file: string) => readFileSync(join(cwd, file), 'utf8');
  const database = tests.filter((file) => OPENS_A_DATABASE.test(textOf(file)));
  const sensitive = dialectSensitiveModules(cwd);
  const postgresEveryChange = database.filter(
    (test) => !(test in WALKS_ON_SQLITE) && (test.startsWith('db/') || sensitive.some((module) => claims(cwd, test, module))),
  );
  return {
    pure: tests.filter((file) => !database.includes(file)),
    database,
    postgresEveryChange,
    isolated: tests.filter((file) => file.startsWith('src/client/') || CHANGES_GLOBALS.test(textOf(file))),
  };
}
