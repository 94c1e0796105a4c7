import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/*
 * On demand only (`npm run screenshots`): PNGs of the main pages at 1440, 1280 and 390 px in
 * English and Chinese, written to docs/images/screens. Not part of the e2e suite, whose testMatch
 * is *.spec.ts.
 */
export default defineConfig({
  ...base,
  testDir: './screenshots',
  testMatch: '*.shots.ts',
  globalSetup: './global-setup.ts',
  outputDir: '../test-results/screenshots',
});
