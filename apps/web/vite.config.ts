import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { sharedForBrowser } from './build/shared-for-browser';

const shared = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url));

const FRAMEWORK = new RegExp(
  '/node_modules/(' +
    [
      'react',
      'react-dom',
      'scheduler',
      'react-router',
      'i18next',
      'react-i18next',
      '@tanstack/(query-core|react-query)',
      '@ant-design/(cssinjs|cssinjs-utils|colors|fast-color)',
      'stylis',
      '@emotion/(hash|unitless)',
    ].join('|') +
    ')/',
);

/**
 * The antd parts the sign-in page draws (form, inputs, buttons, alert) and what they stand on:
 * one file instead of some thirty. Each icon stays with the page that shows it.
 */
const SIGN_IN_UI = new RegExp(
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
    },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page runs (React, the router, texts, queries, antd's styling engine) in
          // one file: fewer requests, better compression. Components stay in per-page chunks.
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            { name: 'sign-in-ui', test: SIGN_IN_UI, priority: 1 },
          ],
        },
      },
    },
  },
});
