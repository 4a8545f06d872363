import { defineConfig } from 'vitest/config';

// npm run test:resilience (issue 9): the resilience tests that need real server processes — SIGKILL
// mid-write, two processes on one Postgres, 60 seconds of load. Not part of `vitest run` (the server
// suite excludes *.resilience.test.ts); .ci/run calls it after npm test. Files run one after another
// so a load test never shares the two cores with another child server.
export default defineConfig({
  test: {
    include: ['src/server/resilience/*.resilience.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
