import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChildServer, signInOver, startChildServer } from '../test-support/child-server';

// Issue 9, load held: a production server on SQLite (the demo organisations seeded) takes a mixed
// load — the case list, a case search, the beds and case creation — from 16 connections for 60
// seconds. Every answer must be 2xx, and the server's memory must not creep upwards.
//
// Why the memory criterion looks like this: under load V8 lets its old generation grow to a limit
// before a full collection, so the server's RSS is a sawtooth with a period of tens of seconds and an
// amplitude of 30–80 MB. Two 15-second means inside one minute land on different teeth, so they would
// either fail a healthy server or need a tolerance that lets a real leak through. Instead the test
// measures at two checkpoints where the garbage is gone: after a 15-second warm-up (JIT, SQLite and
// statement caches, V8 sizing its heap) and after the 60-second run, it asks the server for a full
// garbage collection (a test-only preload: --expose-gc and a SIGUSR2 handler; the product is
// unchanged) and reads its live JS heap and RSS. A leak grows the live heap with every request served
// — 1 KB per request at this server's few hundred requests/s is 10+ MB a minute — so:
//   live heap after − before < LIVE_HEAP_GROWTH_MB   (JS leaks: a Map that never forgets, listeners)
//   RSS after − before       < RSS_GROWTH_MB         (native leaks too: statements, buffers, sockets)
// RSS is also read every second during the run and printed, for the record.

const DURATION_S = Number(process.env.RESILIENCE_LOAD_SECONDS ?? 60);
const WARM_UP_S = 15;
const LIVE_HEAP_GROWTH_MB = 8;
const RSS_GROWTH_MB = 32;
const DEMO_PASSWORD = 'resilience-load-1';

// Loaded into the server with --import: a full collection on SIGUSR2, then one line with the figures.
const GC_CHECKPOINT = `process.on('SIGUSR2', () => { globalThis.gc(); globalThis.gc(); const m = process.memoryUsage();
  process.stdout.write(JSON.stringify({ checkpoint: { heapUsed: m.heapUsed, rss: m.rss } }) + '\\n'); });`;

const MB = 1024 * 1024;
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line!.replace(/\D+/g, '')) / 1024;
}

describe('load held (SQLite, production server)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'casebridge-load-'));
  let server: ChildServer | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`answers ${DURATION_S} s of mixed load with no errors and no upward drift in memory`, async () => {
    const checkpoints: { heapUsed: number; rss: number }[] = [];
    server = await startChildServer({ DATA_DIR: dir, SEED_DEMO_DATA: 'true', DEMO_PASSWORD }, undefined, {
      nodeArgs: ['--expose-gc', `--import=data:text/javascript,${encodeURIComponent(GC_CHECKPOINT)}`],
      onStdout: (text) => {
        for (const line of text.split('\n')) if (line.startsWith('{"checkpoint"')) checkpoints.push((JSON.parse(line) as { checkpoint: { heapUsed: number; rss: number } }).checkpoint);
      },
    });
    const { url, child } = server;
    const cookie = await signInOver(url, 'admin@thornhill-hospital.example', DEMO_PASSWORD);
    const headers = { cookie, origin: url };
    let created = 0;
    const run = (seconds: number) =>
      autocannon({
        url,
        connections: 16,
        duration: seconds,
        requests: [
          { method: 'GET', path: '/api/patient-cases', headers },
          { method: 'GET', path: '/api/patient-cases?search=card', headers },
          { method: 'GET', path: '/api/beds', headers },
          {
            method: 'POST',
            path: '/api/patient-cases',
            headers: { ...headers, 'content-type': 'application/json' },
            setupRequest: (req) => ({ ...req, body: JSON.stringify({ patientName: `Load Patient ${++created}`, caseType: 'Load test' }) }),
          },
        ],
      });
    const checkpoint = async () => {
      const before = checkpoints.length;
      child.kill('SIGUSR2');
      const deadline = Date.now() + 10_000;
      while (checkpoints.length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      return checkpoints[before]!;
    };

    const warmUp = await run(WARM_UP_S);
    const start = await checkpoint();
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rssMb(child.pid!)), 1_000);
    const result = await run(DURATION_S);
    clearInterval(sampler);
    const end = await checkpoint();

    const heapGrowth = (end.heapUsed - start.heapUsed) / MB;
    const rssGrowth = (end.rss - start.rss) / MB;
    console.info(
      `load held: ${result.requests.total} requests in ${DURATION_S} s (${result.requests.average.toFixed(0)}/s) after ${warmUp.requests.total} in the warm-up; ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; status codes ${JSON.stringify(result.statusCodeStats)}, errors ${result.errors}, timeouts ${result.timeouts}; ` +
        `after a full GC: live heap ${(start.heapUsed / MB).toFixed(1)} → ${(end.heapUsed / MB).toFixed(1)} MB, RSS ${(start.rss / MB).toFixed(0)} → ${(end.rss / MB).toFixed(0)} MB\n` +
        `RSS (MB) each second of the run: ${samples.map((s) => s.toFixed(0)).join(' ')}`,
    );

    expect(result.requests.total).toBeGreaterThan(DURATION_S * 20); // the load really ran
    for (const r of [warmUp, result]) expect({ non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts }).toEqual({ non2xx: 0, errors: 0, timeouts: 0 });
    expect(samples.length).toBeGreaterThanOrEqual(DURATION_S - 2);
    expect(heapGrowth).toBeLessThan(LIVE_HEAP_GROWTH_MB);
    expect(rssGrowth).toBeLessThan(RSS_GROWTH_MB);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });
});
