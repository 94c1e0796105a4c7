import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addAlarmExportTask,
  alarmsActive,
  alarmsAll,
  fileNameFromContentDisposition,
  listAlarmExportTasks,
  listReportFiles,
  removeAlarmExportTask,
  Role,
  type AlarmExportRequest,
  type AlarmExportTask,
} from '@portal/shared';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';

/*
 * Alarm exports end to end on a real database: known alarms written to xlsx by the report files'
 * queue, page by page, equal to the list with the same filters; the states; an empty period; the
 * owner alone sees, downloads and removes a task; removing deletes the file.
 */

/** An xlsx file's first sheet: its name and every row's values. */
const readXlsx = async (payload: Buffer) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.read(Readable.from(payload));
  const sheet = book.worksheets[0]!;
  const rows = sheet.getRows(1, sheet.rowCount)!.map((r) => (Array.isArray(r.values) ? r.values.slice(1) : []));
  return { sheet, rows };
};

/** A gate the writer waits at before each page: `hold` keeps it from going on until `release`. */
class Gate {
  pages = 0;
  private open: Promise<void> = Promise.resolve();
  private release_ = () => {};
  private passing = 0;
  /** Pages that pass before the gate closes. */
  hold(passing = 0) {
    this.passing = this.pages + passing;
    this.open = new Promise<void>((r) => (this.release_ = r));
  }
  release() {
    this.release_();
    this.open = Promise.resolve();
  }
  readonly wait = async () => {
    this.pages += 1;
    if (this.pages > this.passing) await this.open;
  };
}

const H = 3_600_000;
const T0 = Date.parse('2026-06-01T00:00:00Z');
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

describe('alarm exports', () => {
  let t: TestApp;
  let viewer: TestClient;
  let other: TestClient;
  let user: TestClient;
  const gate = new Gate();

  const create = (c: TestClient, body: AlarmExportRequest) => c.call(addAlarmExportTask, { body });
  const list = async (c: TestClient) => {
    const res = await c.call(listAlarmExportTasks, { query: { pageLimit: 100 } });
    expect(res.errCode).toBe(0);
    return res.data.list;
  };
  /** Polls the list until the task satisfies `ok` (generous timeout: the machine is shared). */
  const waitFor = async (c: TestClient, id: number, ok: (f: AlarmExportTask) => boolean, timeoutMs = 30_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const f = (await list(c)).find((x) => x.id === id);
      if (f && ok(f)) return f;
      if (Date.now() > until) throw new Error(`alarm export ${id} never got there; last: ${JSON.stringify(f)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const finished = (c: TestClient, id: number) => waitFor(c, id, (f) => f.state !== 'QUEUE' && f.state !== 'RUNNING');
  const download = (c: TestClient, id: number) => c.raw('GET', `/am_ma/api/alarm_export/download/${id}`);

  beforeAll(async () => {
    t = await createTestApp();
    t.app.services.reportFiles.options.pageRows = 2;
    t.app.services.reportFiles.options.beforePage = gate.wait;
    viewer = await signedIn(t.app, 'ae_viewer', Role.viewer);
    other = await signedIn(t.app, 'ae_other', Role.viewer);
    user = await signedIn(t.app, 'ae_user', Role.user);
    const alarm = (resource: string, severity: string, raisedH: number, recoveredH: number | null, confirmed = 0) => ({
      cluster_id: 'local',
      resource,
      metric: 'cpu.usage',
      rule_key: 'template:999',
      kind: 'threshold',
      severity,
      peak_severity: severity,
      value: 97.5,
      raised_at: T0 + raisedH * H,
      recovered_at: recoveredH === null ? null : T0 + recoveredH * H,
      recovery_value: recoveredH === null ? null : 12,
      condition_op: '>',
      threshold: '95',
      confirmed,
      confirmed_by: confirmed ? 'ae_viewer' : null,
      confirmed_at: confirmed ? T0 : null,
      confirm_remark: confirmed ? 'seen' : null,
    });
    await t.app.services.db
      .insertInto('alarms')
      .values([
        alarm('ae-n1', 'major', 1, 2),
        alarm('ae-n2', 'critical', 3, null),
        alarm('ae-n3', 'warning', 5, null, 1),
        alarm('ae-n4', 'critical', 7, 9),
        alarm('ae-n5', 'minor', 8, null),
        alarm('ae-n6', 'major', 10, null),
        // Outside June's first day.
        alarm('ae-n7', 'major', 30, null),
      ])
      .execute();
  });
  afterAll(async () => {
    gate.release();
    await t.close();
  });

  const day = { startTime: new Date(T0).toISOString(), endTime: new Date(T0 + 24 * H - 1).toISOString() };

  it('writes the alarms the filters match to xlsx, page by page, through QUEUE, RUNNING, COMPLETED and DOWNLOAD', async () => {
    gate.hold(1);
    const made = await create(viewer, { list: 'all', ...day });
    expect(made.errCode).toBe(0);
    expect(made.data).toMatchObject({ state: 'QUEUE', progress: 0, rows: 0 });
    expect(made.data.name).toMatch(/^alarms-all-\d{8}-\d{6}\.xlsx$/);
    expect(made.data.filter).toMatchObject({ list: 'all', lang: 'en', severity: null, startTime: day.startTime });
    const id = made.data.id;
    // One page of two of the six alarms written, then the gate holds it.
    const running = await waitFor(viewer, id, (f) => f.state === 'RUNNING' && f.progress > 0);
    expect(running).toMatchObject({ progress: 33, rows: 2 });
    expect((await download(viewer, id)).statusCode).toBe(409);
    gate.release();
    const done = await finished(viewer, id);
    expect(done).toMatchObject({ state: 'COMPLETED', progress: 100, rows: 6 });
    expect(done.finishedAt).not.toBeNull();

    const res = await download(viewer, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(fileNameFromContentDisposition(String(res.headers['content-disposition']))).toBe(done.name);
    expect(Number(res.headers['content-length'])).toBe(done.sizeBytes);
    const { sheet, rows } = await readXlsx(res.rawPayload);
    expect(sheet.name).toBe('Alarms');
    expect(rows[0]).toEqual([
      'Alarm time (UTC)',
      'Level',
      'Resource',
      'Asset type',
      'Parent resource',
      'Model',
      'Cluster',
      'Indicator',
      'Value',
      'Unit',
      'Condition',
      'Threshold',
      'Threshold template',
      'Duration (s)',
      'Recovery time (UTC)',
      'Confirm status',
      'Description',
    ]);
    // The list with the same filters, in its order: newest first.
    const listed = (await viewer.call(alarmsAll, { query: { ...day, pageLimit: 100 } })).data.list;
    expect(listed.map((a) => a.resName)).toEqual(['ae-n6', 'ae-n5', 'ae-n4', 'ae-n3', 'ae-n2', 'ae-n1']);
    expect(rows.slice(1).map((r) => r[2])).toEqual(listed.map((a) => a.resName));
    expect(rows.slice(1).map((r) => r[0])).toEqual(listed.map((a) => utc(Date.parse(a.alarmTime))));
    // A recovered alarm, every field.
    expect(rows[3]).toEqual([
      '2026-06-01 07:00:00',
      'Critical',
      'ae-n4',
      // Empty texts (no asset of that name in the inventory) are empty cells.
      undefined,
      undefined,
      undefined,
      'local',
      'cpu.usage',
      97.5,
      'percent',
      '>',
      '95',
      undefined,
      7200,
      '2026-06-01 09:00:00',
      'Unconfirmed',
      'cpu.usage of ae-n4 > 95',
    ]);
    expect(rows[4]![15]).toBe('Confirmed');
    expect((await finished(viewer, id)).state).toBe('DOWNLOAD');
    // Downloading again keeps it DOWNLOAD.
    expect((await download(viewer, id)).statusCode).toBe(200);
    expect((await finished(viewer, id)).state).toBe('DOWNLOAD');
  });

  it('writes the real-time list most severe first, with its filters, headers and words in Chinese', async () => {
    const made = await create(viewer, { list: 'active', severity: ['critical', 'major'], lang: 'zh' });
    expect(made.errCode).toBe(0);
    expect(made.data.filter).toMatchObject({ list: 'active', severity: 'critical,major', lang: 'zh' });
    const done = await finished(viewer, made.data.id);
    expect(done).toMatchObject({ state: 'COMPLETED', rows: 3 });
    const { sheet, rows } = await readXlsx((await download(viewer, done.id)).rawPayload);
    expect(sheet.name).toBe('告警');
    expect(rows[0]!.slice(0, 3)).toEqual(['告警时间 (UTC)', '级别', '资源']);
    const listed = (await viewer.call(alarmsActive, { query: { severity: 'critical,major', pageLimit: 100 } })).data.list;
    expect(rows.slice(1).map((r) => r[2])).toEqual(listed.map((a) => a.resName));
    expect(rows.slice(1).map((r) => [r[1], r[2], r[15]])).toEqual([
      ['紧急', 'ae-n2', '未确认'],
      ['重要', 'ae-n7', '未确认'],
      ['重要', 'ae-n6', '未确认'],
    ]);
  });

  it('refuses an export of a period without alarms with the spec’s text', async () => {
    const empty = await create(viewer, {
      list: 'history',
      startTime: '2026-05-01T00:00:00.000Z',
      endTime: '2026-05-02T00:00:00.000Z',
    });
    expect(empty).toMatchObject({ status: 409, error: { reason: 'noAlarmsInPeriod' } });
    expect(empty.errMsg).toBe('There are no alarms in the selected period');
    const reversed = await create(viewer, { list: 'all', startTime: day.endTime, endTime: day.startTime });
    expect(reversed.status).toBe(400);
    // Alarms are read with alarms:read.
    expect((await create(user, { list: 'all' })).status).toBe(403);
  });

  it('shows, gives and removes a task to its owner alone; removing deletes its file', async () => {
    const done = await finished(viewer, (await create(viewer, { list: 'history' })).data.id);
    expect(done).toMatchObject({ state: 'COMPLETED', rows: 2 });
    const onDisk = join(t.dataDir, 'report-files', `${done.id}.xlsx`);
    expect(existsSync(onDisk)).toBe(true);

    expect((await list(other)).map((x) => x.id)).not.toContain(done.id);
    expect((await download(other, done.id)).statusCode).toBe(404);
    const refused = await other.call(removeAlarmExportTask, { params: { id: String(done.id) } });
    expect(refused).toMatchObject({ status: 404, error: { reason: 'alarmExportNotFound' } });
    expect(existsSync(onDisk)).toBe(true);
    // Nor is it a usage report file of its owner's.
    const reports = await viewer.call(listReportFiles, { query: { pageLimit: 100 } });
    expect(reports.errCode).toBe(0);
    expect(reports.data.list.map((f) => f.id)).not.toContain(done.id);

    // A GET that deletes: another site's page (a link, an image) cannot make the owner's browser send it.
    for (const site of ['cross-site', 'same-site']) {
      const fromElsewhere = await viewer.raw('GET', `/am_ma/api/alarm_export/remove/${done.id}`, {
        headers: { 'sec-fetch-site': site },
      });
      expect([fromElsewhere.statusCode, JSON.parse(fromElsewhere.body).data?.reason], site).toEqual([403, 'crossOrigin']);
    }
    expect(existsSync(onDisk)).toBe(true);
    expect((await viewer.call(removeAlarmExportTask, { params: { id: String(done.id) } })).errCode).toBe(0);
    expect(existsSync(onDisk)).toBe(false);
    expect((await list(viewer)).map((x) => x.id)).not.toContain(done.id);
    expect((await download(viewer, done.id)).statusCode).toBe(404);
  });

  it('stops a task removed while it is being written, and deletes its partial file', async () => {
    gate.hold();
    const id = (await create(viewer, { list: 'all', ...day })).data.id;
    await waitFor(viewer, id, (f) => f.state === 'RUNNING');
    const removing = viewer.call(removeAlarmExportTask, { params: { id: String(id) } });
    gate.release();
    expect((await removing).errCode).toBe(0);
    expect(existsSync(join(t.dataDir, 'report-files', `${id}.xlsx.part`))).toBe(false);
    expect(existsSync(join(t.dataDir, 'report-files', `${id}.xlsx`))).toBe(false);
  });

  it('leaves a task that could not be written FAILED with the spec’s reason, and writes the next one', async () => {
    const alarms = t.app.services.alarms.alarms;
    const broken = vi.spyOn(alarms, 'pageAfter').mockRejectedValueOnce(new Error('disk on fire'));
    try {
      const failed = await finished(viewer, (await create(viewer, { list: 'all', ...day })).data.id);
      expect(failed).toMatchObject({ state: 'FAILED', error: 'alarmExportFailed' });
      expect(existsSync(join(t.dataDir, 'report-files', `${failed.id}.xlsx.part`))).toBe(false);
      expect((await download(viewer, failed.id)).statusCode).toBe(409);
    } finally {
      broken.mockRestore();
    }
    expect((await finished(viewer, (await create(viewer, { list: 'all', ...day })).data.id)).state).toBe('COMPLETED');
  });
});
