import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    alias: { '@portal/shared': fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url)) },
  },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // POSIX accounts made by tests run as root (local access mode) go at the end of the run.
    globalSetup: ['src/test/global-accounts.ts'],
    // argon2 hashing and real databases: generous, but a hung test still fails.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
