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
  },
  server: {
    proxy: {
      '/api': { target: apiServer },
      '/trpc': { target: apiServer },
      '/healthz': { target: apiServer },
    },
  },
});
