import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { serverTestFiles } from './scripts/test-tiers.ts';

// The server suite in two tiers (decision 0046, scripts/test-tiers.ts). `npm test` runs the files
// that open no database once, every database file on SQLite, and on Postgres the files whose SQL
// differs by dialect; `npm run test:full` (TEST_TIER=full) runs every database file on both.
// Postgres is a real server when TEST_DATABASE_URL is set, else embedded PGlite
// (src/server/test-support/test-database.ts).
const full = process.env.TEST_TIER === 'full';
// The resilience tests that run real server processes (SIGKILL, two processes, 60 s of load) are
// `npm run test:resilience` (vitest.resilience.config.ts), not part of this suite.
const exclude = [...configDefaults.exclude, '**/*.resilience.test.ts'];
const files = serverTestFiles();
const onPostgres = full ? files.database : files.postgresEveryChange;

// Test files share a worker's module cache (isolate: false): importing the app cost about 4 s per
// file, and each file has its own database anyway. A file that replaces a module (vi.mock), a global,
// the environment or the clock, and the browser-side tests, run in a fresh module graph.
const project = (name: string, include: string[], dialect: 'sqlite' | 'postgres') => [
  { extends: true as const, test: { name, include: include.filter((f) => !files.isolated.includes(f)), exclude, isolate: false, env: { TEST_DIALECT: dialect } } },
  { extends: true as const, test: { name: `${name}-isolated`, include: include.filter((f) => files.isolated.includes(f)), exclude, env: { TEST_DIALECT: dialect } } },
];

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
    projects: [
      // No database: the dialect does not matter, SQLite is the default.
      ...project('pure', files.pure, 'sqlite'),
      ...project('sqlite', files.database, 'sqlite'),
      ...project('postgres', onPostgres, 'postgres'),
    ],
  },
});
