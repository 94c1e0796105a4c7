import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where the
    // files (most of their time spent waiting on processes, databases and sockets) then run one
    // after another. Two at least: the SQLite round of scripts/test-all.sh takes 9 minutes, not 16.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
