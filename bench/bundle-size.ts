// npm run bench:bundle — how much JavaScript a first visit downloads (gzip), measured in a real
// browser against the real server: the public landing page `/`, and the signed-in shell (`/` after
// signing in). Budgets from the client issue: ≤ 150 KB for `/`, ≤ 300 KB for the shell; the demo
// fixtures never load outside demo mode. Exits 1 when a budget is broken.
// Then the first signed-in page as a person on a slow line meets it (issue 17, decision 0031): the
// requests and bytes over the wire of `/` with a session, cold (empty cache) and warm (a reload with
// the cache of the first load), on emulated Fast 3G. Then (issue 30, decision 0048) the main chunk's
// size (budget 150 KB gzip) and Lighthouse's mobile performance score and LCP of `/` and `/login`
// signed out (targets ≥ 90 and < 2.5 s) and of the signed-in dashboard cold (LCP < 2.5 s).
// Written to bench/results/<date>-bundle.md.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, type Page, chromium } from '@playwright/test';
import { type LighthouseFigures, startLighthouseBrowser } from './lighthouse';
import { type PageLoad, describeLoad, recordPageLoad } from './page-requests';

const PORT = Number(process.env.BENCH_BUNDLE_PORT ?? 3190);
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'bench-bundle-2026';
const BUDGET_KB = { landing: 150, shell: 300, mainChunk: 150 };
/** Chromium's DevTools port for Lighthouse. */
const LIGHTHOUSE_PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? PORT + 1);
/** Audits per page; the median is kept. */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const TARGET = { performance: 90, lcpMs: 2500 };

/** The entry chunk every first visit runs (Vite's manifest names it), gzip -9 as the budgets count. */
function mainChunk(): { file: string; gzipBytes: number } {
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, { file: string; isEntry?: boolean }>;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('the build manifest names no entry chunk');
  return { file: entry.file, gzipBytes: gzipSync(readFileSync(join('dist/client', entry.file)), { level: 9 }).length };
}

function lighthouseRow(label: string, f: LighthouseFigures, scoreTarget: boolean): string {
  const meets = (scoreTarget ? f.performance >= TARGET.performance : true) && f.lcpMs < TARGET.lcpMs;
  return `| ${label} | ${scoreTarget ? f.performance : `(${f.performance})`} | ${(f.lcpMs / 1000).toFixed(2)} | ${(f.fcpMs / 1000).toFixed(2)} | ${Math.round(f.tbtMs)} | ${f.cls.toFixed(3)} | ${meets ? '✓' : '✗'} |`;
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  const server = spawn('node_modules/.bin/tsx', ['src/server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, DATABASE_URL: '', DEMO_PASSWORD: PASSWORD, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill();
  throw new Error('server did not start');
}

/** Loads a page and returns the gzip size of every JavaScript file it fetched. */
async function javascriptOf(page: Page, url: string, rendered?: (page: Page) => Promise<unknown>): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  // The built file itself: a response's body is not always available to Playwright (a script the
  // page preloaded from its own code, decision 0051), and the file is what was sent, compressed.
  const listener = (response: import('@playwright/test').Response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js')) sizes.set(path, gzipSync(readFileSync(join('dist/client', path)), { level: 9 }).length);
  };
  page.on('response', listener);
  await page.goto(url, { waitUntil: 'networkidle' });
  // A server-drawn page is idle before its script has asked for the code it runs (decision 0051):
  // wait until the app has rendered, then for the network to settle again.
  if (rendered) {
    await rendered(page);
    await page.waitForLoadState('networkidle');
  }
  page.off('response', listener);
  return sizes;
}

function report(label: string, sizes: Map<string, number>, budgetKb: number): boolean {
  const total = [...sizes.values()].reduce((a, b) => a + b, 0) / 1024;
  console.log(`\n${label}: ${total.toFixed(1)} KB gzip in ${sizes.size} files (budget ${budgetKb} KB)`);
  for (const [file, size] of [...sizes].sort((a, b) => b[1] - a[1])) console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  const demoLoaded = [...sizes.keys()].some((f) => /demo-link/i.test(f)); // the fixtures chunk
  if (demoLoaded) console.log('  ✗ demo fixtures were downloaded outside demo mode');
  const ok = total <= budgetKb && !demoLoaded;
  console.log(ok ? '  ✓ within budget' : '  ✗ over budget');
  return ok;
}

/** `/` for a person with a session: once with an empty cache, then reloaded with what that load cached. */
async function firstSignedInPage(browser: Browser): Promise<{ cold: PageLoad; warm: PageLoad }> {
  const context = await browser.newContext(); // its own, empty cache
  try {
    const page = await context.newPage();
    const signIn = await page.request.post(`${BASE}/api/auth/login`, {
      headers: { origin: BASE },
      data: { email: 'admin@thornhill-hospital.example', password: PASSWORD },
    });
    if (!(await signIn.json()).success) throw new Error('bench sign-in failed');
    const cold = await recordPageLoad(page, () => page.goto(`${BASE}/`));
    const warm = await recordPageLoad(page, () => page.reload());
    if (process.env.BENCH_WATERFALL) console.log(['cold', ...cold.waterfall, 'warm', ...warm.waterfall].join('\n'));
    return { cold, warm };
  } finally {
    await context.close();
  }
}

/**
 * A person signing in on a fresh browser: /login loads (and, once idle, fetches the dashboard's code),
 * then from the click on "Sign In" to the dashboard's data.
 */
async function signInFromLoginPage(browser: Browser): Promise<PageLoad> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await recordPageLoad(page, () => page.goto(`${BASE}/login`));
    await page.getByLabel('Email').fill('admin@thornhill-hospital.example');
    await page.getByLabel('Password').fill(PASSWORD);
    return await recordPageLoad(page, async () => {
      const data = page.waitForResponse((r) => r.url().includes('dashboard.stats'), { timeout: 60_000 });
      await page.getByRole('button', { name: 'Sign In' }).click();
      await data;
    });
  } finally {
    await context.close();
  }
}

function loadsTable(loads: Record<string, PageLoad>): string {
  const rows = Object.entries(loads).map(
    ([label, l]) =>
      `| ${label} | ${l.requests} | ${l.network} | ${l.revalidated} | ${l.cached} | ${(l.transferredBytes / 1024).toFixed(1)} | ${(l.decodedBytes / 1024).toFixed(1)} | ${(l.loadedMs / 1000).toFixed(1)} |`,
  );
  return [
    '| First signed-in page (`/`, Administrator) | Requests | Over the network | Of them 304 | From cache | KB transferred | KB decoded | Loaded on Fast 3G, s |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

const dataDir = mkdtempSync(join(tmpdir(), 'casebridge-bench-'));
const server = await startServer(dataDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
let ok = false;
try {
  const visitor = await browser.newPage();
  const landing = await javascriptOf(visitor, `${BASE}/`);

  const staff = await browser.newPage();
  const signIn = await staff.request.post(`${BASE}/api/auth/login`, {
    headers: { origin: BASE },
    data: { email: 'admin@thornhill-hospital.example', password: PASSWORD },
  });
  if (!(await signIn.json()).success) throw new Error('bench sign-in failed');
  const shell = await javascriptOf(staff, `${BASE}/`, (p) => p.getByRole('heading', { name: 'Active Patients', exact: true }).waitFor({ timeout: 60_000 }));

  ok = [report('First visit to / (signed out)', landing, BUDGET_KB.landing), report('Signed-in shell at /', shell, BUDGET_KB.shell)].every(Boolean);

  const { cold, warm } = await firstSignedInPage(browser);
  const viaLogin = await signInFromLoginPage(browser);
  console.log(`\n${describeLoad('First signed-in page, cold', cold)}\n${describeLoad('First signed-in page, warm', warm)}`);
  console.log(describeLoad('Sign In on /login → dashboard', viaLogin));

  const main = mainChunk();
  const mainKb = main.gzipBytes / 1024;
  console.log(`\nMain chunk ${main.file}: ${mainKb.toFixed(1)} KB gzip (budget ${BUDGET_KB.mainChunk} KB)`);
  ok &&= mainKb <= BUDGET_KB.mainChunk;

  const staffCookie = (await staff.context().cookies(BASE)).map((c) => `${c.name}=${c.value}`).join('; ');
  // The Playwright browser is closed first: two Chromiums on two cores would slow each other's audit.
  await browser.close();
  const lighthouseBrowser = await startLighthouseBrowser(LIGHTHOUSE_PORT, LIGHTHOUSE_RUNS);
  let audits: { landing: LighthouseFigures; login: LighthouseFigures; dashboard: LighthouseFigures };
  try {
    audits = {
      landing: await lighthouseBrowser.audit(`${BASE}/`),
      login: await lighthouseBrowser.audit(`${BASE}/login`),
      dashboard: await lighthouseBrowser.audit(`${BASE}/`, { cookie: staffCookie }),
    };
  } finally {
    await lighthouseBrowser.close();
  }
  const lighthouseTable = [
    `| Lighthouse mobile, median of ${LIGHTHOUSE_RUNS} | Performance | LCP, s | FCP, s | TBT, ms | CLS | Target met |`,
    '|---|---:|---:|---:|---:|---:|:---:|',
    lighthouseRow('`/` signed out (landing page)', audits.landing, true),
    lighthouseRow('`/login` signed out', audits.login, true),
    lighthouseRow('`/` signed in, cold (Administrator\'s dashboard)', audits.dashboard, false),
  ].join('\n');
  console.log(`\n${lighthouseTable}`);
  ok &&= [audits.landing, audits.login].every((f) => f.performance >= TARGET.performance && f.lcpMs < TARGET.lcpMs) && audits.dashboard.lcpMs < TARGET.lcpMs;

  const kb = (sizes: Map<string, number>) => ([...sizes.values()].reduce((a, b) => a + b, 0) / 1024).toFixed(1);
  const results = [
    `# Bundle benchmark ${new Date().toISOString().slice(0, 10)}`,
    '',
    `JavaScript (gzip): ${kb(landing)} KB in ${landing.size} files for / signed out (budget ${BUDGET_KB.landing} KB), ${kb(shell)} KB in ${shell.size} files for the signed-in shell (budget ${BUDGET_KB.shell} KB).`,
    `Main chunk (\`${main.file}\`, what every first visit runs): ${mainKb.toFixed(1)} KB gzip (budget ${BUDGET_KB.mainChunk} KB).`,
    '',
    'Lighthouse (its default mobile audit: simulated slow 4G, 4× CPU slowdown, a phone-sized screen) in headless Chromium against the production build served by the real server.',
    `Targets: performance ≥ ${TARGET.performance} and LCP < ${TARGET.lcpMs / 1000} s signed out; LCP < ${TARGET.lcpMs / 1000} s for the signed-in dashboard (its score in brackets, no target).`,
    'The signed-in run carries the session cookie as a header (Lighthouse empties the origin\'s storage before each load), with an empty cache.',
    '',
    lighthouseTable,
    '',
    'The first signed-in page in Chromium on emulated Fast 3G (562.5 ms round trip, 1.44 Mbit/s down), HTTP/1.1 to the built server:',
    'cold = empty cache; warm = a reload right after; sign-in = from the click on "Sign In" on a freshly loaded /login to the dashboard\'s data.',
    'Bytes transferred are what crossed the wire (headers and compressed bodies).',
    '',
    loadsTable({ cold, warm, 'sign-in': viaLogin }),
    '',
  ].join('\n');
  const out = process.env.BENCH_BUNDLE_RESULTS_FILE ?? join('bench', 'results', `${new Date().toISOString().slice(0, 10)}-bundle.md`);
  writeFileSync(out, results);
  console.log(`\nwritten to ${out}`);
} finally {
  await browser.close();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
