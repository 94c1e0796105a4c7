import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addAccountMember,
  applyAccountSync,
  createAccount,
  createOrgUnit,
  modifyAccount,
  previewAccountSync,
  Role,
  setDefaultAccount,
  setQuota,
} from '@portal/shared';
import type { AccountSyncer, AccountSyncResult, DesiredAccount } from '../../cluster/accounts/types.js';
import { waitFor } from '../../cluster/scheduler/scheduler-contract.test-support.js';
import { ADMIN, createTestApp, signedIn, TestClient, type TestApp } from '../../test/harness.js';

/* The portal's accounts, synchronised into each cluster: on demand, and in the background after every change. */

const result = (dryRun: boolean): AccountSyncResult => ({ supported: true, dryRun, changes: [], drift: [], tookMs: 1 });

/** A syncer that records what it was asked, and can be held until released. */
class RecordingSyncer implements AccountSyncer {
  calls: { desired: readonly DesiredAccount[]; dryRun: boolean }[] = [];
  running = 0;
  maxRunning = 0;
  private gate: Promise<void> | null = null;
  private open: (() => void) | null = null;
  fail = false;
  hold(): void {
    this.gate = new Promise((r) => (this.open = r));
  }
  release(): void {
    this.open?.();
    this.gate = null;
  }
  async sync(desired: readonly DesiredAccount[], opts: { dryRun: boolean }): Promise<AccountSyncResult> {
    this.calls.push({ desired, dryRun: opts.dryRun });
    this.running++;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    try {
      if (this.gate) await this.gate;
      if (this.fail) throw new Error('sacctmgr: connection refused\npassword=secret');
      return result(opts.dryRun);
    } finally {
      this.running--;
    }
  }
}

describe('account synchronisation', () => {
  let t: TestApp;
  let admin: TestClient;
  let user: TestClient;
  let syncer: RecordingSyncer;
  let original: AccountSyncer;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
    user = await signedIn(t.app, 'sync_user', Role.user);
    const entry = t.app.services.clusters.get();
    original = entry.accounts;
    syncer = new RecordingSyncer();
    entry.accounts = syncer;
  });
  afterAll(() => t.close());

  it('previews and applies on the built-in scheduler, which keeps no associations (supported false)', async () => {
    const entry = t.app.services.clusters.get();
    entry.accounts = original;
    try {
      const preview = await admin.call(previewAccountSync);
      expect(preview.data).toMatchObject({ clusterId: entry.config.id, supported: false, dryRun: true, changes: [], drift: [] });
      const applied = await admin.call(applyAccountSync, { body: { clusterId: entry.config.id } });
      expect(applied.data).toMatchObject({ clusterId: entry.config.id, supported: false, dryRun: false });
      expect((await user.call(previewAccountSync)).status).toBe(403);
      expect((await admin.call(previewAccountSync, { query: { clusterId: 'nowhere' } })).status).toBe(404);
    } finally {
      entry.accounts = syncer;
    }
  });

  it('runs in the background after a change, with the desired state built from the database', async () => {
    const trigger = vi.spyOn(t.app.services.accountSync, 'schedule');
    const co = (await admin.call(createOrgUnit, { body: { name: 'Sync Co', kind: 'company' } })).data;
    await admin.call(createAccount, {
      body: { accountName: 'sync_proj', ownerName: 'sync_user', orgUnitId: co.id, description: 'Sync project' },
    });
    expect(trigger).toHaveBeenCalledTimes(1);
    await admin.call(createAccount, { body: { accountName: 'sync_two', ownerName: 'admin' } });
    await admin.call(addAccountMember, { params: { accountName: 'sync_two' }, body: { userName: 'sync_user' } });
    await user.call(setDefaultAccount, { params: { accountName: 'sync_two' } });
    await admin.call(modifyAccount, { params: { accountName: 'sync_proj' }, body: { status: 'Frozen' } });
    expect(trigger).toHaveBeenCalledTimes(5);
    // A quota travels with its account (Slurm's minutes and job counts).
    await admin.call(setQuota, { body: { accountName: 'sync_two', coreHoursLimit: 10, maxRunningJobs: 3 } });
    await admin.call(setQuota, { body: { accountName: 'sync_two', userName: 'sync_user', cardHoursLimit: 2 } });
    expect(trigger).toHaveBeenCalledTimes(7);
    trigger.mockRestore();
    const none = { cpuMinutes: null, gpuMinutes: null, maxJobs: null };

    await t.app.services.accountSync.idle();
    const last = syncer.calls.at(-1);
    expect(last?.dryRun).toBe(false);
    expect(last?.desired).toEqual([
      {
        name: 'sync_proj',
        description: 'Sync project',
        organization: 'Sync Co',
        blocked: true,
        limits: none,
        members: [{ user: 'sync_user', isDefault: false, limits: none }],
      },
      {
        name: 'sync_two',
        description: '',
        organization: '',
        blocked: false,
        limits: { cpuMinutes: 600, gpuMinutes: null, maxJobs: 3 },
        members: [
          { user: 'admin', isDefault: true, limits: none },
          { user: 'sync_user', isDefault: true, limits: { cpuMinutes: null, gpuMinutes: 120, maxJobs: null } },
        ],
      },
    ]);
  });

  it('coalesces: one run at a time per cluster and one queued behind it, however many changes', async () => {
    await t.app.services.accountSync.idle();
    syncer.calls = [];
    syncer.maxRunning = 0;
    syncer.hold();
    for (const s of ['Normal', 'Trial', 'Normal', 'Trial', 'Normal'] as const)
      expect((await admin.call(modifyAccount, { params: { accountName: 'sync_proj' }, body: { status: s } })).errCode).toBe(0);
    await waitFor(() => Promise.resolve(syncer.calls.length === 1), 'the first background run');
    syncer.release();
    await t.app.services.accountSync.idle();
    expect(syncer.calls).toHaveLength(2);
    expect(syncer.maxRunning).toBe(1);
    expect(syncer.calls[1]?.desired.find((a) => a.name === 'sync_proj')?.blocked).toBe(false);
  });

  it('never fails the request when the synchronisation fails; the error is only logged', async () => {
    syncer.fail = true;
    try {
      const res = await admin.call(modifyAccount, { params: { accountName: 'sync_proj' }, body: { description: 'still saved' } });
      expect(res.data.description).toBe('still saved');
      await t.app.services.accountSync.idle();
      // An explicit apply does report it.
      const applied = await admin.call(applyAccountSync, { body: { clusterId: t.app.services.clusters.get().config.id } });
      expect(applied.status).toBe(500);
      expect(applied.errMsg).not.toContain('secret');
    } finally {
      syncer.fail = false;
    }
  });
});
