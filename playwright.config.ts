import { defineConfig } from '@playwright/test';
import { PORT_BASE, dataDirOf } from './e2e/servers';

// Runs against the production build (dist/client, and the bundled server dist/server/main.js):
// run `npm run build` first. The browser is the system Chromium; no test downloads one.
//
// Two servers, two workers: each project talks to its own server and database, one spec file at a
// time, so a spec that compares organisation-wide figures never sees the other worker's writes and
// the suite takes half the time. Spec files are split by their measured run time; a new spec goes to
// the second server unless listed here.
const FIRST_SERVER_SPECS = [
  'account-settings', 'app-demo', 'app-signed-in', 'billing-clients', 'costs-management', 'crm-integrations', 'dashboards',
  'legal-documents', 'messages-inbox', 'role-walk-healthcare', 'role-walk-demo', 'public-a11y', 'public-landing', 'public-login',
  'public-superuser', 'smoke', 'tasks-support', 'trial-review',
].map((name) => `${name}.spec.ts`);

const servers = [PORT_BASE, PORT_BASE + 1].map((port, index) => ({ port, baseURL: `http://127.0.0.1:${port}`, first: index === 0 }));

export default defineConfig({
  testDir: 'e2e',
  workers: servers.length,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // CI's machine runs both servers, both browsers and the build's leftovers on 2 cores: a screen that
  // shows in a second here took over 5 s there. Waits end as soon as the page is right, so a longer
  // limit costs a passing run nothing.
  // The same machine (2 cores, two servers and two Chromiums) once kept a screen on "Loading…" for
  // over 10 s after a heavy spec; a failing wait costs its full length, a passing one nothing.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    trace: 'retain-on-failure',
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
  projects: servers.map(({ port, baseURL, first }) => ({
    name: `chromium-${port}`,
    workers: 1,
    use: { browserName: 'chromium', baseURL },
    ...(first ? { testMatch: FIRST_SERVER_SPECS } : { testIgnore: FIRST_SERVER_SPECS }),
  })),
  webServer: servers.map(({ port, baseURL }) => ({
    // A fresh data directory per run (database and demo credentials), apart from a developer's ./data.
    command: `rm -rf ${dataDirOf(port)} && node dist/server/main.js`,
    url: `${baseURL}/healthz`,
    env: {
      PORT: String(port),
      DATA_DIR: `./${dataDirOf(port)}`,
      DATABASE_URL: '',
      DEMO_PASSWORD: 'demo-pass-2026',
      SUPER_ADMIN_SECRET: 'e2e-super-admin-secret-2026',
      NODE_ENV: 'production',
      ...(process.env.E2E_CLIENT_DIST ? { CLIENT_DIST: process.env.E2E_CLIENT_DIST } : {}),
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
