// npm run bench:icd10 — GET /api/icd10?search= against the full synthetic MIT (~41,000 codes).
// Starts the production server (dist/server/main.js, `npm run build:server`) on a fresh SQLite demo
// database, signs in as Thornhill's Administrator, imports the MIT CSV, then measures each search
// alone (one connection): autocannon's p50 (whole milliseconds) and a sequential loop's p50 to the
// microsecond. The first search after an import builds the organisation's index (reported apart).
import autocannon from 'autocannon';
import { startDemoServer } from './demo-server';
import { ICD10_SEARCHES, icd10SearchPath, importFullMit } from './icd10-setup';

const SECONDS = Number(process.env.BENCH_ALONE_SECONDS ?? 3);
const LOOP = Number(process.env.BENCH_ICD10_LOOP ?? 1000);
const PASSWORD = 'bench-icd10-2026';

const demo = await startDemoServer(Number(process.env.BENCH_PORT ?? 3291), PASSWORD);
const ORIGIN = demo.origin;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  const headers = await demo.signIn('admin@thornhill-hospital.example');
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
  await demo.stop();
}
