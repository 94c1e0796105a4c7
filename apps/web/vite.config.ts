import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const shared = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@portal/shared': shared } },
  server: {
    port: 5173,
    // `npm run dev -w apps/web` talks to a server started with `npm run dev`.
    proxy: {
      '^/(login/.*\\.action|pageframe|sys_[a-z]+|jm_[a-z]+|commonsoft|api|healthz)': 'http://127.0.0.1:8080',
      // The web shell's WebSocket needs the upgrade passed on.
      '/eshell/api': { target: 'http://127.0.0.1:8080', ws: true },
      // The file manager's calls (uploads, downloads) live under /efile/api; /efile is the page.
      '/efile/api': 'http://127.0.0.1:8080',
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 2000,
  },
});
