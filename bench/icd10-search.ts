// npm run bench:icd10 — GET /api/icd10?search= against the full synthetic MIT (~41,000 codes).
// Starts the production server (dist/server/main.js, `npm run build:server`) on a fresh SQLite demo
// database, signs in as Thornhill's Administrator, imports the MIT CSV, then measures each search
// alone (one connection): autocannon's p50 (whole milliseconds) and a sequential loop's p50 to the
// microsecond. The first search after an import builds the organisation's index (reported apart).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ICD10_SEARCHES, icd10SearchPath, importFullMit } from './icd10-setup';

const PORT = Number(process.env.BENCH_PORT ?? 3291);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_ALONE_SECONDS ?? 3);
const LOOP = Number(process.env.BENCH_ICD10_LOOP ?? 1000);
const PASSWORD = 'bench-icd10-2026';

const dataDir = mkdtempSync(join(tmpdir(), 'bench-icd10-'));
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production', LOG_LEVEL: 'warn', DEMO_PASSWORD: PASSWORD, CLIENT_DIST: '/nonexistent' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function healthy(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (await fetch(`${ORIGIN}/healthz`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  await healthy();
  const login = await fetch(`${ORIGIN}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify({ email: 'admin@thornhill-hospital.example', password: PASSWORD }) });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const headers = { cookie, origin: ORIGIN };
  const started = performance.now();
  const imported = await importFullMit(ORIGIN, headers);
  console.log(`Imported ${imported.imported} codes (${imported.skipped} skipped) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const first = performance.now();
  await fetch(`${ORIGIN}${icd10SearchPath('hypertension')}`, { headers });
  console.log(`First search after the import (builds the index): ${(performance.now() - first).toFixed(1)} ms`);

  console.log('\n| Route | results | autocannon p50 alone (ms) | loop p50 (ms) | target |\n|---|---|---|---|---|');
  for (const [what, query] of ICD10_SEARCHES) {
    const path = icd10SearchPath(query);
    const items = ((await (await fetch(`${ORIGIN}${path}`, { headers })).json()) as { items: unknown[] }).items.length;
    await autocannon({ url: ORIGIN, connections: 1, duration: 1, requests: [{ method: 'GET', path, headers }] }); // warm-up
    const alone = await autocannon({ url: ORIGIN, connections: 1, duration: SECONDS, requests: [{ method: 'GET', path, headers }] });
    if (alone.non2xx + alone.errors > 0) throw new Error(`${path}: ${alone.non2xx} non-2xx, ${alone.errors} errors`);
    const times: number[] = [];
    for (let i = 0; i < LOOP; i++) {
      const t0 = performance.now();
      const res = await fetch(`${ORIGIN}${path}`, { headers });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
    const p50 = median(times);
    console.log(`| GET /api/icd10?search=${query} (${what}) | ${items} | ${alone.latency.p50} | ${p50.toFixed(2)} | ${p50 < 10 ? '✓' : '✗'} < 10 |`);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
