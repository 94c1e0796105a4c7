import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, resourcesImportAssets, resourcesListAssets, type Asset } from '@portal/shared';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { localTestCluster } from '../../test/local-cluster.js';

/* CSV import of assets: all rows or none, each refused row with its reasons, existing assets changed. */

const HEADER = 'name,type,clusterId,model,room,rack,position,height,manageIp,ipmiIp,ipmiUser,ipmiPassword,parent';

describe('asset CSV import', () => {
  let t: TestApp;
  let operator: TestClient;
  const assets = async (): Promise<Asset[]> =>
    (await operator.call(resourcesListAssets, { query: { pageLimit: 300 } })).data.list;
  const importCsv = (csv: string, dryRun = false) => operator.call(resourcesImportAssets, { body: { csv, dryRun } });

  beforeAll(async () => {
    t = await createTestApp({ clusters: [localTestCluster()] });
    operator = await signedIn(t.app, 'imp_opt', Role.opt);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the whole file when one row is wrong, saying which and why', async () => {
    const csv = [
      HEADER,
      'room-1,ROOM,,,,,,,,,,,',
      'rack-1,RACK,,,room-1,,,42,,,,,room-1',
      'bad name,SWITCH,,,,,,,,,,,',
      'sw-1,TOASTER,,,,,,,,,,,',
      'sw-2,SWITCH,nowhere,,,,,,,,,,',
      'sw-3,SWITCH,,,,rack-1,99,1,10.0.0.3,,,,rack-1',
      'rack-1,RACK,,,,,,,,,,,',
      'sw-4,SWITCH,,,,,,,,,,,no-such-rack',
    ].join('\n');
    const r = await importCsv(csv);
    expect(r.data).toMatchObject({ total: 8, created: 0, updated: 0, dryRun: false });
    expect(r.data.refused.map((x) => [x.row, x.name])).toEqual([
      [4, 'bad name'],
      [5, 'sw-1'],
      [6, 'sw-2'],
      [7, 'sw-3'],
      [8, 'rack-1'],
      [9, 'sw-4'],
    ]);
    const reasons = Object.fromEntries(r.data.refused.map((x) => [x.name, x.reasons.join('; ')]));
    expect(reasons['bad name']).toContain('name:');
    expect(reasons['sw-1']).toContain('type:');
    expect(reasons['sw-2']).toContain('no cluster nowhere');
    expect(reasons['sw-3']).toContain('position:');
    expect(reasons['rack-1']).toContain('the same asset as row 3');
    expect(reasons['sw-4']).toContain('no asset named no-such-rack');
    // Nothing half-imported.
    expect((await assets()).filter((a) => a.source === 'manual')).toEqual([]);
  });

  it('checks without writing, then imports new assets with parents from the same file and changes the scheduler’s nodes', async () => {
    const csv = [
      HEADER,
      // A child before its parent: parents are set after every row is written.
      'sw-1,SWITCH,,QM8700,room-1,rack-1,40,1,10.0.0.2,,,,rack-1',
      'rack-1,RACK,,,room-1,,,42,,,,,room-1',
      'room-1,ROOM,,,,,,,,,,,',
      'n1,SERVER,local,R5300,room-1,rack-1,10,2,10.0.1.1,10.1.0.1,admin,"s3cr,et",rack-1',
    ].join('\r\n');
    const dry = await importCsv(csv, true);
    expect(dry.data).toMatchObject({ total: 4, created: 3, updated: 1, dryRun: true, refused: [] });
    expect((await assets()).filter((a) => a.source === 'manual')).toEqual([]);
    const r = await importCsv(csv);
    expect(r.data).toMatchObject({ total: 4, created: 3, updated: 1, dryRun: false, refused: [] });
    const byName = new Map((await assets()).map((a) => [a.name, a]));
    expect(byName.get('sw-1')).toMatchObject({
      type: 'SWITCH',
      model: 'QM8700',
      parentName: 'rack-1',
      position: 40,
      source: 'manual',
    });
    expect(byName.get('rack-1')?.parentName).toBe('room-1');
    expect(byName.get('n1')).toMatchObject({
      source: 'scheduler',
      model: 'R5300',
      ipmiIp: '10.1.0.1',
      ipmiPasswordSet: true,
      parentName: 'rack-1',
    });
    const sealed = await t.app.services.db
      .selectFrom('assets')
      .select('ipmi_password_sealed')
      .where('name', '=', 'n1')
      .executeTakeFirstOrThrow();
    expect(sealed.ipmi_password_sealed).not.toContain('s3cr');
    // Empty cells keep what is stored.
    const again = await importCsv(`name,type,clusterId,model\nn1,SERVER,local,`);
    expect(again.data).toMatchObject({ created: 0, updated: 1 });
    expect((await assets()).find((a) => a.name === 'n1')).toMatchObject({ model: 'R5300', ipmiPasswordSet: true });
  });

  it('refuses a loop between rows and assets', async () => {
    const r = await importCsv(`name,type,parent\nroom-1,ROOM,sw-1`);
    expect(r.data.refused).toEqual([{ row: 2, name: 'room-1', reasons: ['parent: sw-1 sits inside room-1'] }]);
  });

  it('refuses a file it cannot read, or unknown columns, as a whole', async () => {
    const broken = await importCsv('name,type\n"unclosed,ROOM');
    expect([broken.status, broken.error?.reason]).toEqual([400, 'csvInvalid']);
    const unknown = await importCsv('name,type,colour\nx,ROOM,red');
    expect(unknown.error?.reason).toBe('csvInvalid');
    expect(unknown.errMsg).toContain('colour');
  });

  it('is for operators only', async () => {
    const viewer = await signedIn(t.app, 'imp_viewer', Role.viewer);
    expect((await viewer.call(resourcesImportAssets, { body: { csv: 'name,type\nx,ROOM' } })).status).toBe(403);
  });
});
