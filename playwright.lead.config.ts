import base from './playwright.config';
const port = 3300;
export default {
  ...base,
  outputDir: '/tmp/pw-lead-results',
  use: { ...base.use, baseURL: `http://127.0.0.1:${port}` },
  webServer: {
    ...base.webServer,
    command: 'rm -rf data/e2e-lead && node_modules/.bin/tsx src/server/main.ts',
    url: `http://127.0.0.1:${port}/healthz`,
    env: { ...(base.webServer as { env: Record<string, string> }).env, PORT: String(port), DATA_DIR: './data/e2e-lead', CLIENT_DIST: '/tmp/dist-lead' },
  },
};
