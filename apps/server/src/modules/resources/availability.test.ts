import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, resourcesCreateAsset, resourcesListAssets, resourcesModifyAsset, type Asset } from '@portal/shared';
import { freeUdpPort } from '../../test/daemons.js';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { startTestBmc, type TestBmc } from '../../test/ipmi-sim.js';

/*
 * Availability of the assets' addresses (spec section 4's codes) over real parts: a BMC simulated
 * by ipmi_sim answers the RMCP presence ping, a UDP port with nothing behind it does not; this
 * host answers on the network, an address of the IPv6 discard prefix (100::/64, RFC 6666) never
 * does; an asset without an address is "not configured", one not checked yet "unknown".
 */

describe('asset availability', () => {
  let t: TestApp;
  let operator: TestClient;
  let bmc: TestBmc;
  let silentUdpPort: number;

  beforeAll(async () => {
    bmc = await startTestBmc();
    silentUdpPort = await freeUdpPort();
    // Rounds only when the test asks (checkAll), so "not checked yet" can be seen.
    t = await createTestApp({ availability: { intervalSeconds: 3600, timeoutSeconds: 2 } });
    operator = await signedIn(t.app, 'avail_opt', Role.opt);
  });
  afterAll(async () => {
    await t?.close();
    await bmc?.stop();
  });

  const codes = async (name: string): Promise<[string, string, string]> => {
    const r = await operator.call(resourcesListAssets, { query: { keyword: name } });
    const a: Asset | undefined = r.data.list.find((x) => x.name === name);
    expect(a).toBeDefined();
    return [a?.ipmiAvailable ?? 'missing', a?.manageAvailable ?? 'missing', a?.computeAvailable ?? 'missing'];
  };

  it('answers the codes of what answers, what does not, and what is not configured', async () => {
    const up = await operator.call(resourcesCreateAsset, {
      body: {
        name: 'avail-up',
        type: 'SERVER',
        ipmiIp: '127.0.0.1',
        ipmiPort: bmc.port,
        manageIp: '127.0.0.1',
        computeIp: '100::1',
      },
    });
    expect(up.status).toBe(200);
    const down = await operator.call(resourcesCreateAsset, {
      body: { name: 'avail-down', type: 'SERVER', ipmiIp: '127.0.0.1', ipmiPort: silentUdpPort },
    });
    expect(down.status).toBe(200);
    // Not checked yet: unknown; no address: not configured.
    expect(await codes('avail-up')).toEqual(['', '', '']);
    expect(await codes('avail-down')).toEqual(['', '2', '2']);

    await t.app.services.resources.availability.checkAll();
    expect(await codes('avail-up')).toEqual(['1', '1', '0']);
    expect(await codes('avail-down')).toEqual(['0', '2', '2']);

    // A changed address is unknown until it is checked, then has its own result.
    const id = up.data.id;
    const edited = await operator.call(resourcesModifyAsset, {
      params: { id },
      body: {
        name: 'avail-up',
        type: 'SERVER',
        ipmiIp: '127.0.0.1',
        ipmiPort: silentUdpPort,
        manageIp: '127.0.0.1',
        computeIp: '127.0.0.1',
      },
    });
    expect(edited.status).toBe(200);
    expect(await codes('avail-up')).toEqual(['', '1', '']);
    await t.app.services.resources.availability.checkAll();
    expect(await codes('avail-up')).toEqual(['0', '1', '1']);
  });
});
