import { defineConfig } from 'vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

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
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // No dependency preload map: it lists every chunk of every lazy route in the entry chunk and grew
    // past the 150 KB first-visit budget as screens were added. A lazy route's own imports are then
    // fetched when it loads (one more round trip on a LAN), which the budget is worth.
    modulePreload: false,
  },
  server: {
    proxy: {
      '/api': { target: apiServer },
      '/trpc': { target: apiServer },
      '/healthz': { target: apiServer },
    },
  },
});
