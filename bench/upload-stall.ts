// npm run bench:uploads — files that must not stall the server (issue 28, decision 0043).
// Starts the production server (dist/server/main.js, `npm run build:server`; another build with
// BENCH_SERVER=path/to/main.js) on a fresh SQLite demo database, signs in as the Gauteng State
// Litigation Unit's Administrator, and polls GET /healthz every 20 ms throughout while it:
//   1. uploads the security review's PNG as a hospital record: ~100 KB declaring 6000 × 6000 RGB;
//   2. uploads its PDF of 5,000 blank pages;
//   3. builds a large legitimate bundle — four PDFs of 2,000 pages and four 25-megapixel PNGs
//      (8,005 pages with the index) — downloading it three times at once.
// For each step: the answers, how long they took, and the /healthz latency while it ran (max, p99).
// Target: /healthz under 200 ms throughout; the refusals under a second.
import { blackPng, blankPagesPdf } from '../src/server/test-support/hostile-files';
import { startDemoServer } from './demo-server';

const PASSWORD = 'bench-uploads-2026';
const SERVER = process.env.BENCH_SERVER ?? 'dist/server/main.js';
const demo = await startDemoServer(Number(process.env.BENCH_PORT ?? 3292), PASSWORD);
const ORIGIN = demo.origin;

/** /healthz every 20 ms until stopped: the latency of each answer. */
function pollHealth() {
  const latencies: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const t0 = performance.now();
      await fetch(`${ORIGIN}/healthz`).then((r) => r.arrayBuffer(), () => undefined);
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      const sorted = [...latencies].sort((a, b) => a - b);
      return { polls: sorted.length, max: sorted.at(-1) ?? 0, p99: sorted[Math.floor(sorted.length * 0.99)] ?? 0 };
    },
  };
}

const rows: string[] = [];
async function step<T>(what: string, run: () => Promise<T>, describe: (value: T) => string): Promise<T> {
  const health = pollHealth();
  const t0 = performance.now();
  const value = await run();
  const ms = performance.now() - t0;
  const h = await health.stop();
  rows.push(`| ${what} | ${describe(value)} | ${ms.toFixed(0)} | ${h.polls} | ${h.max.toFixed(0)} | ${h.p99.toFixed(0)} | ${h.max < 200 ? '✓' : '✗'} |`);
  return value;
}

try {
  const headers = await demo.signIn('admin@gauteng-litigation.example');
  const newCase = async (patientName: string) => {
    const res = await fetch(`${ORIGIN}/api/patient-cases`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ patientName, caseType: 'Medical negligence' }) });
    if (!res.ok) throw new Error(`case: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { id: string }).id;
  };
  const upload = async (caseId: string, name: string, bytes: Uint8Array, type: string) => {
    const body = new FormData();
    for (const [k, v] of Object.entries({ sourceFacility: 'Bench Hospital', recordsFrom: '2024-01-01', recordsTo: '2024-01-31' })) body.append(k, v);
    body.append('file', new Blob([Buffer.from(bytes)], { type }), name);
    const res = await fetch(`${ORIGIN}/api/patient-cases/${caseId}/hospital-records`, { method: 'POST', headers, body });
    return { status: res.status, body: (await res.json()) as { message?: string; pages?: number } };
  };
  const answer = (r: { status: number; body: { message?: string; pages?: number } }) => `${r.status}${r.body.pages ? ` (${r.body.pages} pages)` : ''}${r.status >= 400 ? `: ${r.body.message}` : ''}`;

  const reviewCase = await newCase('Bench Review Files');
  const png = blackPng(6000, 6000, 'rgb');
  const pdf = await blankPagesPdf(5_000);
  // A first small upload starts the file worker, so step 1 measures the file, not the worker's start.
  await upload(reviewCase, 'warm-up.png', blackPng(2, 2), 'image/png');
  await step(`PNG 6000 × 6000 (${(png.length / 1024).toFixed(0)} KB)`, () => upload(reviewCase, 'ctg.png', png, 'image/png'), answer);
  await step(`PDF of 5,000 pages (${(pdf.length / 1024).toFixed(0)} KB)`, () => upload(reviewCase, 'admission.pdf', pdf, 'application/pdf'), answer);

  const bigCase = await newCase('Bench Large Bundle');
  const big = await blankPagesPdf(2_000);
  const image = blackPng(5000, 5000, 'rgb');
  await step('4 × PDF of 2,000 pages, 4 × PNG of 25 MP, one at a time', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) {
      answers.push(await upload(bigCase, `volume-${i + 1}.pdf`, big, 'application/pdf'));
      answers.push(await upload(bigCase, `scan-${i + 1}.png`, image, 'image/png'));
    }
    return answers;
  }, (answers) => answers.map((a) => a.status).join(' '));
  await step('the 8,005-page bundle, three downloads at once', () =>
    Promise.all([0, 1, 2].map(async () => {
      const t0 = performance.now();
      const res = await fetch(`${ORIGIN}/api/patient-cases/${bigCase}/hospital-records/bundle.pdf`, { headers });
      const bytes = (await res.arrayBuffer()).byteLength;
      return `${res.status} ${(bytes / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s`;
    })), (answers) => answers.join('; '));

  console.log(`\nServer: ${SERVER}\n`);
  console.log('| Step | Answer | Time (ms) | /healthz polls | /healthz max (ms) | /healthz p99 (ms) | max < 200 ms |\n|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  await demo.stop();
}
