import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text the browser downloads; woff2 and images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|map|webmanifest)$/;
/** Below this a compressed copy saves less than its own bookkeeping. */
const MIN_BYTES = 512;

/**
 * After the client is written: a `.br` (brotli, best quality) and a `.gz` (gzip 9) beside each text
 * file, which the server hands out by Accept-Encoding (@fastify/static preCompressed) — the best
 * compression once at build instead of a cheaper one per request on a 2-core server.
 * index.html gets none: the server adds a per-response CSP nonce to it, so it is never served from disk.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'casebridge-precompress',
    // Not for the prerender's server build (dist/prerender, decision 0048): Node reads it from disk.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      // .vite/ holds the manifest the server reads; it is never served.
      const files = (await readdir(outDir, { recursive: true })).filter((file) => !String(file).startsWith('.vite')).map((file) => join(outDir, String(file)));
      const text = [];
      for (const file of files) {
        if (COMPRESSIBLE.test(file) && (await stat(file)).size >= MIN_BYTES) text.push(file);
      }
      await Promise.all(
        text.map(async (file) => {
          const body = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            gzipAsync(body, { level: 9 }),
          ]);
          // A copy that saves next to nothing is left out: the server then sends the file itself.
          if (br.length < body.length * 0.9) await writeFile(`${file}.br`, br);
          if (gz.length < body.length * 0.9) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
