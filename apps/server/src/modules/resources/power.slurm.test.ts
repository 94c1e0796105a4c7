import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, resourcesListAssets, resourcesListNodes, resourcesModifyAsset, resourcesPowerNodes } from '@portal/shared';
import { LocalCommandRunner } from '../../cluster/access/command-runner.js';
import { waitFor } from '../../cluster/scheduler/scheduler-contract.test-support.js';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';

/*
 * Power over IPMI on the real dev cluster (PORTAL_TEST_SLURM=1, as root): scripts/dev-cluster gives
 * each node a simulated BMC (ipmi_sim) whose power switch stops and starts the node's slurmd.
 * Powering cn04 off from the portal drains it, stops its slurmd and shows it down in Slurm and in
 * the state view; powering it on brings it back. scripts/test-all.sh runs it one file at a time
 * (no other test's job may be on cn04).
 */

const enabled = process.env.PORTAL_TEST_SLURM === '1';
const NODE = 'cn04';
const BMC = { ipmiIp: '127.0.0.1', ipmiPort: 16234, ipmiUser: 'admin', ipmiPassword: 'devcluster-bmc' };
const runner = new LocalCommandRunner();
const run = async (argv: string[]) => (await runner.run(null, argv, { timeoutMs: 30_000 })).stdout.trim();
const slurmdRunning = async () => (await run(['pgrep', '-f', `slurmd -N ${NODE}`])) !== '';
const slurmState = async () => run(['sinfo', '-h', '-N', '-n', NODE, '-o', '%T']);

(enabled ? describe : describe.skip)('node power on the dev cluster', () => {
  let t: TestApp;
  let operator: TestClient;
  const viewOf = async () => {
    await t.app.services.clusters.get().snapshot.refresh();
    return (await operator.call(resourcesListNodes)).data.nodes.find((n) => n.name === NODE);
  };

  beforeAll(async () => {
    if (process.getuid?.() !== 0) throw new Error('the power test runs as root (it switches the dev cluster’s nodes)');
    t = await createTestApp({
      clusters: [
        {
          id: 'dev',
          name: 'Dev Slurm',
          scheduler: 'slurm',
          pollIntervalSeconds: 1,
          slurm: { commandTimeoutSeconds: 20 },
          power: { enabled: true, interface: 'lan', timeoutSeconds: 20 },
        },
      ],
    });
    operator = await signedIn(t.app, 'power_opt', Role.opt);
    await waitFor(async () => (await slurmState()).startsWith('idle'), `${NODE} idle before the test`, 120_000);
  }, 180_000);
  afterAll(async () => {
    // Whatever happened, leave the node on and in service for the tests after this one.
    await runner.run(
      null,
      ['ipmitool', '-I', 'lan', '-H', '127.0.0.1', '-p', '16234', '-U', 'admin', '-E', 'chassis', 'power', 'on'],
      {
        env: { IPMI_PASSWORD: BMC.ipmiPassword },
      },
    );
    await waitFor(slurmdRunning, `slurmd ${NODE} running again`, 60_000).catch(() => undefined);
    await runner.run(null, ['scontrol', 'update', `nodename=${NODE}`, 'state=resume']);
    await t?.close();
  }, 120_000);

  it('drains, powers off and shows the node down; powers it on and gets it back', async () => {
    const assets = await operator.call(resourcesListAssets, { query: { keyword: NODE } });
    const asset = assets.data.list.find((a) => a.name === NODE);
    expect(asset).toMatchObject({ type: 'SERVER', clusterId: 'dev', source: 'scheduler', inScheduler: true });
    await operator.call(resourcesModifyAsset, {
      params: { id: asset?.id ?? 0 },
      body: { name: NODE, type: 'SERVER', clusterId: 'dev', ...BMC },
    });
    const before = await viewOf();
    expect(before).toMatchObject({ state: 'free', hasBmc: true });

    const off = await operator.call(resourcesPowerNodes, { body: { nodes: [NODE], action: 'off', drain: true } });
    expect(off.data.list).toEqual([{ node: NODE, power: 'off' }]);
    await waitFor(async () => !(await slurmdRunning()), `slurmd ${NODE} to stop`, 60_000);
    // Down, or drained when it was drained first (Slurm shows DOWN+DRAIN as drained).
    expect(await slurmState()).toMatch(/^(down|drained)/);
    expect(await run(['scontrol', 'show', 'node', NODE])).toContain('powered off from the portal by power_opt');
    const down = await waitFor(async () => {
      const v = await viewOf();
      return v?.state === 'down' ? v : undefined;
    }, `${NODE} down in the state view`);
    expect(down.power).toBe('off');
    // The reason and its time come from sinfo (the node-error page shows them).
    expect(down.reason).toContain('powered off from the portal by power_opt');
    expect(down.reasonSince).not.toBeNull();

    const on = await operator.call(resourcesPowerNodes, { body: { nodes: [NODE], action: 'on' } });
    expect(on.data.list).toEqual([{ node: NODE, power: 'on' }]);
    await waitFor(slurmdRunning, `slurmd ${NODE} to start`, 60_000);
    const back = await waitFor(
      async () => {
        const v = await viewOf();
        return v?.state === 'free' ? v : undefined;
      },
      `${NODE} free again in the state view`,
      120_000,
    );
    expect(back.power).toBe('on');
  }, 300_000);
});
