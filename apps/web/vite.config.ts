import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Dev server proxies the API to the Fastify server (`npm start`, port 3000 by default). */
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 900 },
});
