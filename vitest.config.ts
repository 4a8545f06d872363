import { configDefaults, defineConfig } from 'vitest/config';

// The server suite runs twice: once on SQLite, once on Postgres (a real server when
// TEST_DATABASE_URL is set, else embedded PGlite). See src/server/test-support/test-database.ts.
const serverTests = ['src/**/*.test.ts', 'db/**/*.test.ts'];
// The resilience tests that run real server processes (SIGKILL, two processes, 60 s of load) are
// `npm run test:resilience` (vitest.resilience.config.ts), not part of this suite.
const exclude = [...configDefaults.exclude, '**/*.resilience.test.ts'];

export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The audit trail's key for tests that append without buildApp (decision 0024).
    setupFiles: ['src/server/test-support/audit-test-key.ts'],
    // One migrated template database per project and run, copied by each test file (test-database.ts).
    globalSetup: ['src/server/test-support/test-database-template.ts'],
    projects: [
      { extends: true, test: { name: 'sqlite', include: serverTests, exclude, env: { TEST_DIALECT: 'sqlite' } } },
      { extends: true, test: { name: 'postgres', include: serverTests, exclude, env: { TEST_DIALECT: 'postgres' } } },
    ],
  },
});
