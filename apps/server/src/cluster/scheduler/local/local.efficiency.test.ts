import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../scheduler-contract.test-support.js';
import { useLocalScheduler } from './local-env.test-support.js';

/* The built-in scheduler measures what a real job used: CPU time from its wrapper, peak memory from /proc. */

const local = useLocalScheduler({ tickMs: 200, memorySampleMs: 200 });

// Holds 64 MiB (every page written) and keeps one core busy for about 2.5 s.
const BUSY = `const b = Buffer.alloc(64 * 1024 * 1024, 1); const t = Date.now(); let x = 0; while (Date.now() - t < 2500) x += b[x % b.length]; console.log(x > 0);`;

describe('local scheduler: job efficiency', () => {
  it('records the CPU time and the peak memory of a finished job', async () => {
    const id = await local.scheduler.submit('alice', {
      name: 'busy',
      partition: 'compute',
      nodes: 1,
      cores: 2,
      gpus: 0,
      memoryMB: 1000,
      timeLimit: 600,
      workDir: join(local.env.homeRoot, 'alice', 'work'),
      script: `#!/bin/bash\n"${process.execPath}" -e '${BUSY}'\n`,
    });
    const done = await waitFor(
      async () => (await local.scheduler.finishedSince(0)).find((j) => j.jobId === id),
      `${id} to finish`,
      60_000,
    );
    expect(done.exitStatus).toBe('complete');
    // About 2.5 s of one core's time, plus node's start; far less than two cores for the whole run.
    expect(done.cpuTime).toBeGreaterThanOrEqual(1);
    expect(done.cpuTime).toBeLessThanOrEqual(done.elapsed * 2 + 1);
    expect(done.maxRssMB).toBeGreaterThanOrEqual(64);
    expect(done.maxRssMB).toBeLessThan(1024);
  }, 90_000);
});
