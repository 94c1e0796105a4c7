import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryWallTimeUsed, Role } from '@portal/shared';
import { createTestApp, ManualClock, signedIn, type TestApp, type TestClient } from '../../test/harness.js';

/* The overview's core-hours: the signed-in user's finished jobs, this month and this year, by end time. */

const NOW = Date.parse('2026-11-20T12:00:00Z');

describe('core and card time used', () => {
  let t: TestApp;
  let carol: TestClient;
  beforeAll(async () => {
    t = await createTestApp({}, new ManualClock(NOW));
    carol = await signedIn(t.app, 'usage_carol', Role.user);
    const job = (jobId: string, user: string, endAt: string, coreSeconds: number) => ({
      cluster_id: 'local',
      job_id: jobId,
      name: jobId,
      user_name: user,
      user_group: user,
      account: '',
      queue: 'batch',
      scheduler_state: 'COMPLETED',
      exit_status: 'complete',
      exit_code: '0:0',
      submit_at: Date.parse(endAt) - 7_200_000,
      eligible_at: null,
      start_at: Date.parse(endAt) - 3_600_000,
      end_at: Date.parse(endAt),
      elapsed_s: 3600,
      time_limit_s: null,
      nodes: 1,
      cpus: 4,
      gpus: 0,
      node_list: 'n1',
      memory_mb: null,
      max_rss_mb: null,
      cpu_time_s: null,
      core_seconds: coreSeconds,
      card_seconds: 0,
      work_dir: '/tmp',
      restart_count: 0,
      exclusive: 0,
      ingested_at: NOW,
    });
    await t.app.services.db
      .insertInto('jobs')
      .values([
        job('u1', 'usage_carol', '2026-11-01T00:00:00Z', 7200), // first instant of the month
        job('u2', 'usage_carol', '2026-11-19T10:00:00Z', 3600),
        job('u3', 'usage_carol', '2026-10-31T23:59:59Z', 36_000), // last month, this year
        job('u4', 'usage_carol', '2025-12-31T10:00:00Z', 99_000), // last year
        job('u5', 'someone_else', '2026-11-10T10:00:00Z', 50_000),
      ])
      .execute();
  });
  afterAll(() => t.close());

  it("counts this month's and this year's finished jobs of the signed-in user only", async () => {
    const used = (await carol.call(queryWallTimeUsed, { body: {} })).data;
    expect(used).toMatchObject({
      year: 2026,
      month: 11,
      monthJobCount: 2,
      monthCoreSeconds: 10_800,
      monthCoreHours: 3,
      jobCount: 3,
      coreSeconds: 46_800,
      coreHours: 13,
    });
  });
});
