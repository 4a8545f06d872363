// A constant-arrival-rate load (issue 30), the way wrk2 does it: request i is due at start + i / rate
// whatever happened to the ones before, and its latency is counted from when it was due, not from
// when it could be sent — so a server that stalls shows the stall in every request that waited for
// it (no coordinated omission). autocannon's `overallRate` is not this: each connection sends its
// share back to back at the top of every second and then waits, so 64 connections make a burst of
// the whole second's requests each second, and measure the queue that burst makes.
import { Agent, request } from 'node:http';

export interface OpenLoopRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: () => string;
}

export interface OpenLoopResult {
  /** Requests a second sent (the rate asked for, unless the client itself could not keep up). */
  sent: number;
  /** Requests a second answered. */
  served: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, and requests that failed or took over 10 s. */
  errors: number;
}

const TIMEOUT_MS = 10_000;

export async function openLoop(origin: string, requests: readonly OpenLoopRequest[], rate: number, seconds: number): Promise<OpenLoopResult> {
  const url = new URL(origin);
  // Enough sockets that the client never queues: a request waits for the server, not for a socket.
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.max(1, Math.round(rate * seconds));
  const latencies: number[] = [];
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const fire = (spec: OpenLoopRequest, due: number) =>
    new Promise<void>((resolve) => {
      const body = spec.body?.();
      const headers = body ? { ...spec.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : spec.headers;
      const req = request({ agent, host: url.hostname, port: url.port, method: spec.method, path: spec.path, headers, timeout: TIMEOUT_MS }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - due);
          if ((res.statusCode ?? 0) >= 300) errors++;
          resolve();
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });

  const start = performance.now() + 20;
  let next = 0;
  while (next < total) {
    const now = performance.now();
    // Everything due by now goes out now; then sleep until the next one is due.
    while (next < total && start + (next * 1000) / rate <= now) {
      inFlight.push(fire(requests[next % requests.length]!, start + (next * 1000) / rate));
      next++;
    }
    if (next < total) await new Promise((r) => setTimeout(r, Math.max(0, start + (next * 1000) / rate - performance.now())));
  }
  const sentIn = (performance.now() - start) / 1000;
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! : 0);
  return { sent: total / Math.max(sentIn, seconds), served: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors };
}
