import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The Fastify server serves dist/ with an SPA fallback, so assets use absolute paths from '/'.
// OPENGST_API_URL points the dev proxy at a server on another port (default: the server's own 8080).
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 700 },
  server: {
    proxy: { '/api': { target: process.env.OPENGST_API_URL ?? 'http://localhost:8080', changeOrigin: true } },
  },
});
