import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { sharedForBrowser } from './build/shared-for-browser';

const shared = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));

const FRAMEWORK = new RegExp(
  '/node_modules/(' + ['react', 'react-dom', 'scheduler', 'react-router', 'i18next', 'react-i18next'].join('|') + ')/',
);

/**
 * What every console page stands on (antd's core, style engine and theme, its form, inputs and
 * buttons, TanStack Query) in one file instead of some forty; the sign-in page needs none of it.
 * Each icon stays with the page that shows it.
 */
const CONSOLE_BASE = new RegExp(
  '/node_modules/(' +
    [
      'antd/es/(_util|form|theme|input|button|style|config-provider|space|tooltip|spin|grid|locale|alert|flex|version|wave)',
      '@rc-component/(util|async-validator|form|trigger|motion|input|portal|resize-observer|tooltip)',
      '@ant-design/icons/es/(components|utils|icons/(UserOutlined|LockOutlined|SafetyOutlined|GlobalOutlined|EyeOutlined|EyeInvisibleOutlined|CloseCircleFilled|LoadingOutlined|CheckCircleFilled|ExclamationCircleFilled|InfoCircleFilled|CloseOutlined)\\.js)',
      '@babel/runtime',
      'use-sync-external-store',
      'throttle-debounce',
      '(compute-)?scroll-into-view(-if-needed)?',
      'react-is',
      'clsx',
      '@tanstack/(query-core|react-query)',
      '@ant-design/(cssinjs|cssinjs-utils|colors|fast-color)',
      'stylis',
      '@emotion/(hash|unitless)',
    ].join('|') +
    ')/?',
);

export default defineConfig({
  plugins: [react(), sharedForBrowser(), precompress()],
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
      // Desktops' calls, and the WebSocket that carries their screens.
      '/desktopandapp/api': { target: 'http://127.0.0.1:8080', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page runs (React, the router, texts) in one file, what every console page
          // runs in another: fewer requests, better compression. Components stay per page.
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            { name: 'console-base', test: CONSOLE_BASE, priority: 1 },
          ],
        },
      },
    },
  },
});
