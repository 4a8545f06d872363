import { defineConfig } from 'vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/vite-precompress';

// The API server (src/server/main.ts) listens on :3000 in development.
// No changeOrigin: the server compares Origin with Host to reject cross-site writes,
// so the proxied request must keep the browser's Host header.
const apiServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    // Must come before the React plugin so route files are transformed first.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/client/routes',
      generatedRouteTree: './src/client/routeTree.gen.ts',
    }),
    react(),
    tailwindcss(),
    precompress(),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // index.html names every chunk the entry imports statically (<link rel="modulepreload">), so the
    // browser fetches them together with the entry instead of one wave later (few: see 'initial' below). No dependency preload
    // map for lazy imports: it lists every chunk of every lazy route in the entry chunk and grew past
    // the 150 KB first-visit budget as screens were added; the server preloads the signed-in shell
    // for a request with a session instead (src/server/http/client-assets.ts, decision 0031).
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    // Which file each source module became: the server reads it to preload the signed-in shell.
    manifest: true,
    rolldownOptions: {
      output: {
        // Each lucide icon used by a different set of screens was a chunk of its own (~250 bytes, one
        // request each: 80 requests is what a first signed-in page on a slow line waits for, six at a
        // time over HTTP/1.1). Icons are grouped by the screens that use them, and a group under 4 KB
        // joins its nearest neighbour: a screen may get a few icons it does not draw, for far fewer
        // requests (decision 0031). Such a chunk's name lists its screens; the file name keeps the first.
        chunkFileNames: (chunk) => `assets/${chunk.name.split('~')[0]}-[hash].js`,
        codeSplitting: {
          groups: [
            // What the entry imports statically is fetched on every first visit anyway: in one file
            // with the entry instead of ~20 chunks shared with lazy screens (one request each).
            { name: 'initial', tags: ['$initial'], priority: 10, includeDependenciesRecursively: false },
            {
              name: 'icons',
              test: /[\\/]node_modules[\\/]lucide-react[\\/]/,
              includeDependenciesRecursively: false,
              entriesAware: true,
              entriesAwareMergeThreshold: 4096,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiServer },
      '/trpc': { target: apiServer },
      '/healthz': { target: apiServer },
    },
  },
});
