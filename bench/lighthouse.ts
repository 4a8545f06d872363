import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';

// Lighthouse's mobile performance audit (its default: a Moto G Power-sized screen, simulated slow 4G
// and a 4× slower CPU) of a page of the built app, in the system Chromium, headless (issue 30). Each
// page is audited a few times and the median run kept: on a shared 2-core machine one run can land
// on a busy moment.

export interface LighthouseFigures {
  /** 0–100. */
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
}

export interface LighthouseBrowser {
  audit(url: string, options?: { cookie?: string }): Promise<LighthouseFigures>;
  close(): Promise<void>;
}

/** A headless Chromium with its DevTools port open for Lighthouse. */
export async function startLighthouseBrowser(port: number, runs: number): Promise<LighthouseBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const chromium: ChildProcess = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  for (let i = 0; !(await fetch(`http://127.0.0.1:${port}/json/version`).then((r) => r.ok, () => false)); i++) {
    if (i >= 100 || chromium.exitCode !== null) throw new Error('Chromium did not open its DevTools port');
    await new Promise((r) => setTimeout(r, 100));
  }

  const auditOnce = async (url: string, cookie?: string): Promise<LighthouseFigures> => {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // A signed-in page: Lighthouse empties the origin's storage (cookies too) before it loads the
      // page, so the session goes with every request as a header instead.
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: value('largest-contentful-paint'),
      fcpMs: value('first-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
    };
  };

  return {
    async audit(url, { cookie } = {}) {
      const all: LighthouseFigures[] = [];
      for (let i = 0; i < runs; i++) all.push(await auditOnce(url, cookie));
      // The median by score (ties: by LCP), so one busy moment neither flatters nor sinks the page.
      all.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
      return all[Math.floor(all.length / 2)]!;
    },
    async close() {
      if (chromium.exitCode === null) {
        chromium.kill('SIGTERM');
        await new Promise((r) => chromium.once('exit', r));
      }
      // Chromium's helper processes may still be writing into the profile for a moment after it exits.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}
