import { readFileSync, readdirSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { PORT_BASE, dataDirOf } from './e2e/servers';
import { FULL_TIER } from './e2e/tier';

// Runs against the production build (dist/client, and the bundled server dist/server/main.js):
// run `npm run build` first. The browser is the system Chromium; no test downloads one.
//
// Servers side by side, a worker each: each project talks to its own server and database, one spec
// file at a time, so a spec that compares organisation-wide figures never sees another worker's
// writes. Two pairs fill the 2 cores (four took longer: 7.4 min against 6.3, each test 2.3× slower,
// the browsers' rendering being most of the work); E2E_SERVERS sets another count for a bigger
// machine. The spec files are shared between the servers by their measured run time
// (e2e/spec-times.json, written by scripts/e2e-spec-times.ts from a JSON report): the longest
// first, each to the server with the least to do. A spec not measured yet counts as 15 s.
const SERVER_COUNT = Math.max(1, Number(process.env.E2E_SERVERS ?? 2));
const SPEC_SECONDS: Record<string, number> = JSON.parse(readFileSync('e2e/spec-times.json', 'utf8'));
const specFiles = readdirSync('e2e').filter((file) => file.endsWith('.spec.ts'));
const byLongest = [...specFiles].sort((a, b) => (SPEC_SECONDS[b] ?? 15) - (SPEC_SECONDS[a] ?? 15) || a.localeCompare(b));
const load = Array.from({ length: SERVER_COUNT }, () => 0);
const specsOf: string[][] = Array.from({ length: SERVER_COUNT }, () => []);
for (const file of byLongest) {
  const lightest = load.indexOf(Math.min(...load));
  specsOf[lightest]!.push(file);
  load[lightest]! += SPEC_SECONDS[file] ?? 15;
}

/** The fake medical-aid switch the servers send claims to (e2e/fake-switch.mjs). */
const FAKE_SWITCH_PORT = PORT_BASE + 90;
const servers = specsOf.map((specs, index) => ({ port: PORT_BASE + index, baseURL: `http://127.0.0.1:${PORT_BASE + index}`, specs }));

export default defineConfig({
  testDir: 'e2e',
  workers: servers.length,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Tests tagged @full repeat a signed-in journey against the demo fixtures: the full tier runs them
  // (decision 0046); every change keeps the demo walks and the no-request checks of the demo link.
  ...(FULL_TIER ? {} : { grepInvert: /@full/ }),
  // Issue 29: a screen that needs longer than 5 s on this 2-core machine (two servers, two
  // Chromiums) is slow for its users too — find why rather than wait longer. A journey that needs
  // more than 30 s sets its own limit, never above 60 s.
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    // Recording a trace for every test (to keep the failing ones') cost a quarter of the suite's
    // time: the browser screencasts and snapshots the page at every step. The full tier keeps them;
    // `--trace=retain-on-failure` brings them back for a rerun.
    trace: FULL_TIER ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: servers.map(({ port, baseURL, specs }) => ({
    name: `chromium-${port}`,
    workers: 1,
    use: { browserName: 'chromium', baseURL },
    testMatch: specs,
  })),
  webServer: [
    ...servers.map(({ port, baseURL }) => ({
      // A fresh data directory per run (database and demo credentials), apart from a developer's ./data.
      command: `rm -rf ${dataDirOf(port)} && node dist/server/main.js`,
      url: `${baseURL}/healthz`,
      env: {
        PORT: String(port),
        DATA_DIR: `./${dataDirOf(port)}`,
        // SQLite in the data directory; E2E_DATABASE_URL (an empty Postgres database, with E2E_SERVERS=1)
        // walks the same screens on Postgres.
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
        DEMO_PASSWORD: 'demo-pass-2026',
        SUPER_ADMIN_SECRET: 'e2e-super-admin-secret-2026',
        NODE_ENV: 'production',
        // Claims go to the fake switch below (issue 33), as a practice's go to its switch.
        CLAIM_SWITCH_URL: `http://127.0.0.1:${FAKE_SWITCH_PORT}/claims`,
        ...(process.env.E2E_CLIENT_DIST ? { CLIENT_DIST: process.env.E2E_CLIENT_DIST } : {}),
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    })),
    {
      command: 'node e2e/fake-switch.mjs',
      url: `http://127.0.0.1:${FAKE_SWITCH_PORT}/healthz`,
      env: { FAKE_SWITCH_PORT: String(FAKE_SWITCH_PORT) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
