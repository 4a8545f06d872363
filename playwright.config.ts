import { defineConfig } from '@playwright/test';

const port = 3100;
const baseURL = `http://127.0.0.1:${port}`;

// Runs against the built client (dist/client) served by the production server:
// run `vite build` first. The browser is the system Chromium; no test downloads one.
export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL,
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
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // A fresh data directory per run (database and demo credentials), apart from a developer's ./data.
    command: 'rm -rf data/e2e && node_modules/.bin/tsx src/server/main.ts',
    url: `${baseURL}/healthz`,
    env: {
      PORT: String(port),
      DATA_DIR: './data/e2e',
      DATABASE_URL: '',
      DEMO_PASSWORD: 'demo-pass-2026',
      SUPER_ADMIN_SECRET: 'e2e-super-admin-secret-2026',
      NODE_ENV: 'production',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
