import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// The server suite runs twice: once on SQLite, once on Postgres (a real server when
// TEST_DATABASE_URL is set, else embedded PGlite). See src/server/test-support/test-database.ts.
const serverTests = ['src/**/*.test.ts', 'db/**/*.test.ts'];
// The resilience tests that run real server processes (SIGKILL, two processes, 60 s of load) are
// `npm run test:resilience` (vitest.resilience.config.ts), not part of this suite.
const exclude = [...configDefaults.exclude, '**/*.resilience.test.ts'];

// Test files share a worker's module cache (isolate: false): importing the app cost about 4 s per
// file, and each file has its own database anyway. A file that replaces a module (vi.mock), a global,
// the environment or the clock, and the browser-side tests, run in a fresh module graph as before —
// found here by reading the files, so a new one is kept apart without being listed by hand.
const CHANGES_GLOBALS = /vi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers|spyOn)\b|process\.env\.\w+ *=[^=]|delete process\.env|globalThis\.\w+ *=[^=]/;
const isolatedTests = ['src', 'db'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file.replaceAll('\\', '/')}`)
    .filter((file) => file.endsWith('.test.ts') && !file.endsWith('.resilience.test.ts'))
    .filter((file) => file.startsWith('src/client/') || CHANGES_GLOBALS.test(readFileSync(file, 'utf8'))),
);

export default defineConfig({
  test: {
    pool: 'forks',
    // vitest's default is one worker fewer than the cores — one worker on a 2-core machine — but the
    // tests spend much of their time waiting on the database: one per core.
    maxWorkers: Math.max(availableParallelism(), 2),
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The audit trail's key for tests that append without buildApp (decision 0024).
    setupFiles: ['src/server/test-support/audit-test-key.ts'],
    // One migrated template database per project and run, copied by each test file (test-database.ts).
    globalSetup: ['src/server/test-support/test-database-template.ts'],
    projects: ['sqlite', 'postgres'].flatMap((dialect) => [
      { extends: true, test: { name: dialect, include: serverTests, exclude: [...exclude, ...isolatedTests], isolate: false, env: { TEST_DIALECT: dialect } } },
      { extends: true, test: { name: `${dialect}-isolated`, include: isolatedTests, exclude, env: { TEST_DIALECT: dialect } } },
    ]),
  },
});
