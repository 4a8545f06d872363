// The requests of one page load as Chromium's network log (DevTools protocol) sees them: how many,
// how many actually went over the wire, how many bytes crossed it (compressed, headers included),
// and how long until the last one finished — on an emulated "Fast 3G" line, where round trips and
// bytes show, not on the loopback where everything looks instant.
import type { CDPSession, Page } from '@playwright/test';

/** DevTools' "Fast 3G" preset: 562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up. */
export const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.44 * 1024 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

export interface PageLoad {
  /** Every request the page made, from cache or not. */
  requests: number;
  /** Requests answered by the server (a 304 revalidation included). */
  network: number;
  /** Of those, 304 Not Modified: a round trip only to hear "you already have it". */
  revalidated: number;
  /** Answered from the browser's cache without asking the server. */
  cached: number;
  /** Bytes received over the wire (headers and compressed bodies). */
  transferredBytes: number;
  /** Bytes of the bodies after decompression. */
  decodedBytes: number;
  /** From the document request to the last response finished, ms. */
  loadedMs: number;
  /** One line per request, in start order, for reading the waterfall. */
  waterfall: string[];
}

interface Entry {
  url: string;
  type: string;
  start: number;
  end?: number;
  status?: number;
  cached: boolean;
  encoded: number;
  decoded: number;
}

/** Records the requests of `load()` (a goto or a reload) until the network is idle. */
export async function recordPageLoad(page: Page, load: () => Promise<unknown>, throttle = FAST_3G): Promise<PageLoad> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', throttle);
  const entries = new Map<string, Entry>();
  cdp.on('Network.requestWillBeSent', (e) => {
    entries.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', start: e.timestamp, cached: false, encoded: 0, decoded: 0 });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const entry = entries.get(e.requestId);
    if (entry) entry.cached = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const entry = entries.get(e.requestId);
    if (!entry) return;
    entry.status = e.response.status;
    if (e.response.fromDiskCache || e.response.fromServiceWorker || e.response.fromPrefetchCache) entry.cached = true;
  });
  cdp.on('Network.dataReceived', (e) => {
    const entry = entries.get(e.requestId);
    if (entry) entry.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const entry = entries.get(e.requestId);
    if (!entry) return;
    entry.end = e.timestamp;
    entry.encoded = e.encodedDataLength;
  });
  await load();
  await page.waitForLoadState('networkidle');
  await cdp.detach();

  const all = [...entries.values()].filter((e) => !e.url.startsWith('data:'));
  const first = Math.min(...all.map((e) => e.start));
  const last = Math.max(...all.map((e) => e.end ?? e.start));
  const network = all.filter((e) => !e.cached);
  const ms = (t: number) => Math.round((t - first) * 1000);
  return {
    requests: all.length,
    network: network.length,
    revalidated: network.filter((e) => e.status === 304).length,
    cached: all.length - network.length,
    transferredBytes: network.reduce((sum, e) => sum + e.encoded, 0),
    decodedBytes: all.reduce((sum, e) => sum + e.decoded, 0),
    loadedMs: ms(last),
    waterfall: all
      .sort((a, b) => a.start - b.start)
      .map((e) => {
        const where = e.cached ? 'cache' : String(e.status ?? '—');
        const path = new URL(e.url).pathname + (new URL(e.url).search ? '?…' : '');
        return `${String(ms(e.start)).padStart(6)} → ${String(ms(e.end ?? e.start)).padStart(6)} ms  ${where.padEnd(5)} ${String(e.encoded).padStart(7)} B  ${e.type.padEnd(10)} ${path}`;
      }),
  };
}

export function describeLoad(label: string, load: PageLoad): string {
  return (
    `${label}: ${load.requests} requests (${load.network} over the network, ${load.revalidated} of them 304, ` +
    `${load.cached} from cache), ${(load.transferredBytes / 1024).toFixed(1)} KB transferred ` +
    `(${(load.decodedBytes / 1024).toFixed(1)} KB decoded), loaded in ${(load.loadedMs / 1000).toFixed(1)} s on Fast 3G`
  );
}
