import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAccountMember,
  createAccount,
  createReportFile,
  deleteReportFile,
  fileNameFromContentDisposition,
  listReportFiles,
  Role,
  usageSummary,
  type ReportFile,
  type ReportFileRequest,
} from '@portal/shared';
import type { z } from 'zod';
import { systemClock } from '../../lib/time.js';
import { zoneDays } from '../../lib/zone-days.js';
import { ADMIN, createTestApp, signedIn, TestClient, type TestApp } from '../../test/harness.js';
import { finishedJob, type TestJob } from '../reports/report-test-jobs.js';
import { ReportFilesRepository } from './report-files.repository.js';
import { ReportFilesService } from './report-files.service.js';

/* Report files end to end on a real database: their rows, states, owners, scopes, limits and a restart. */

type Request = Partial<z.input<typeof ReportFileRequest>>;

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
  /** Pages that pass before the gate closes. */
  hold(passing = 0) {
    const start = this.pages;
    const closed = new Promise<void>((r) => (this.release_ = r));
    this.open = closed;
    this.passing = start + passing;
  }
  private passing = 0;
  release() {
    this.release_();
    this.open = Promise.resolve();
  }
  readonly wait = async () => {
    this.pages += 1;
    if (this.pages > this.passing) await this.open;
  };
}

describe('report files', () => {
  let t: TestApp;
  let admin: TestClient;
  let pi: TestClient;
  let member: TestClient;
  const gate = new Gate();

  const create = (c: TestClient, body: Request) =>
    c.call(createReportFile, { body: { from: '2026-06-01', to: '2026-06-30', format: 'csv', ...body } });
  const list = async (c: TestClient) => {
    const res = await c.call(listReportFiles, { query: { pageLimit: 100 } });
    expect(res.errCode).toBe(0);
    return res.data.list;
  };
  /** Polls the list until the file satisfies `ok` (generous timeout: the machine is shared). */
  const waitFor = async (c: TestClient, id: number, ok: (f: ReportFile) => boolean, timeoutMs = 30_000): Promise<ReportFile> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const f = (await list(c)).find((x) => x.id === id);
      if (f && ok(f)) return f;
      if (Date.now() > until) throw new Error(`report file ${id} never got there; last: ${JSON.stringify(f)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const finished = (c: TestClient, id: number) => waitFor(c, id, (f) => f.state !== 'QUEUE' && f.state !== 'RUNNING');
  const download = (c: TestClient, id: number) => c.raw('GET', `/jm_report/api/files/${id}/download`);

  beforeAll(async () => {
    t = await createTestApp();
    t.app.services.reportFiles.options.pageRows = 3;
    t.app.services.reportFiles.options.beforePage = gate.wait;
    admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
    pi = await signedIn(t.app, 'rf_pi', Role.user);
    member = await signedIn(t.app, 'rf_member', Role.user);
    await signedIn(t.app, 'rf_other', Role.user);
    await admin.call(createAccount, { body: { accountName: 'rf_chem', ownerName: 'rf_pi' } });
    await admin.call(addAccountMember, { params: { accountName: 'rf_chem' }, body: { userName: 'rf_member' } });
    const jobs: [string, TestJob][] = [
      ['1', { user: 'rf_pi', account: 'rf_chem', end: '2026-06-02T10:00:00Z', cpus: 2, elapsed: 100 }],
      ['2', { user: 'rf_member', account: 'rf_chem', end: '2026-06-03T10:00:00Z', cpus: 4, elapsed: 100 }],
      ['3', { user: 'rf_member', account: 'rf_chem', queue: 'gpu', end: '2026-06-10T10:00:00Z', cpus: 1, gpus: 1, elapsed: 100 }],
      ['4', { user: 'rf_member', account: 'rf_phys', end: '2026-06-04T10:00:00Z', cpus: 8, elapsed: 100 }],
      ['5', { user: 'rf_other', account: 'rf_phys', end: '2026-06-05T10:00:00Z', cpus: 16, elapsed: 100 }],
      ['6', { user: 'rf_other', account: '', end: '2026-06-06T10:00:00Z', cpus: 1, elapsed: 100 }],
      // An account name csv must quote.
      ['8', { user: 'rf_other', account: 'a,"b"', end: '2026-06-07T10:00:00Z', cpus: 3, elapsed: 7201 }],
      // The range's last instant is in, the instant before its first is not; July is not.
      ['9', { user: 'rf_pi', account: 'rf_chem', end: '2026-06-30T23:59:59Z', cpus: 1, elapsed: 60 }],
      ['10', { user: 'rf_pi', account: 'rf_chem', end: '2026-05-31T23:59:59Z', cpus: 1, elapsed: 60 }],
      ['7', { user: 'rf_member', account: 'rf_chem', end: '2026-07-01T00:00:00Z', cpus: 1, elapsed: 100 }],
    ];
    await t.app.services.jobsRepo.saveFinished(
      'local',
      jobs.map(([id, j]) => finishedJob(id, j)),
      Date.now(),
    );
  });
  afterAll(async () => {
    gate.release();
    await t.close();
  });

  it('writes every finished job of the range to csv, quoted, with totals, through QUEUE, RUNNING, COMPLETED and DOWNLOAD', async () => {
    gate.hold(1);
    const made = await create(admin, { scope: 'all', detail: 'jobs' });
    expect(made.errCode).toBe(0);
    expect(made.data).toMatchObject({ state: 'QUEUE', progress: 0, name: 'usage-jobs-2026-06-01_2026-06-30.csv', format: 'csv' });
    expect(made.data.filter).toMatchObject({ scope: 'all', detail: 'jobs', lang: 'en', clusterId: null });
    const id = made.data.id;
    // One page of three of the eight jobs written, then the gate holds it.
    const running = await waitFor(admin, id, (f) => f.state === 'RUNNING' && f.progress > 0);
    expect(running).toMatchObject({ progress: 37, rows: 3 });
    expect((await download(admin, id)).statusCode).toBe(409);
    gate.release();
    const done = await finished(admin, id);
    expect(done).toMatchObject({ state: 'COMPLETED', progress: 100, rows: 8 });
    expect(done.finishedAt).not.toBeNull();

    const res = await download(admin, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(fileNameFromContentDisposition(String(res.headers['content-disposition']))).toBe(done.name);
    expect(Number(res.headers['content-length'])).toBe(done.sizeBytes);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(res.body.slice(1).split('\r\n')).toEqual([
      'End time (UTC),Job ID,User,Account,Queue,Cluster,Cores,Cards,Seconds,Core-seconds,Card-seconds,Core-hours,Card-hours',
      '2026-06-02 10:00:00,1,rf_pi,rf_chem,compute,local,2,0,100,200,0,0.06,0.00',
      '2026-06-03 10:00:00,2,rf_member,rf_chem,compute,local,4,0,100,400,0,0.11,0.00',
      '2026-06-04 10:00:00,4,rf_member,rf_phys,compute,local,8,0,100,800,0,0.22,0.00',
      '2026-06-05 10:00:00,5,rf_other,rf_phys,compute,local,16,0,100,1600,0,0.44,0.00',
      '2026-06-06 10:00:00,6,rf_other,,compute,local,1,0,100,100,0,0.03,0.00',
      '2026-06-07 10:00:00,8,rf_other,"a,""b""",compute,local,3,0,7201,21603,0,6.00,0.00',
      '2026-06-10 10:00:00,3,rf_member,rf_chem,gpu,local,1,1,100,100,100,0.03,0.03',
      '2026-06-30 23:59:59,9,rf_pi,rf_chem,compute,local,1,0,60,60,0,0.02,0.00',
      'Total,,,,,,,,7861,24863,100,6.91,0.03',
      '',
    ]);
    expect((await finished(admin, id)).state).toBe('DOWNLOAD');
    // Downloading again keeps it DOWNLOAD.
    expect((await download(admin, id)).statusCode).toBe(200);
    expect((await finished(admin, id)).state).toBe('DOWNLOAD');
  });

  it('writes a summary to xlsx with headers in Chinese, the same rows and totals as the usage report', async () => {
    const made = await create(pi, { scope: 'accounts', groupBy: 'user', format: 'xlsx', lang: 'zh' });
    expect(made.data.name).toBe('usage-user-2026-06-01_2026-06-30.xlsx');
    const done = await finished(pi, made.data.id);
    expect(done).toMatchObject({ state: 'COMPLETED', rows: 2 });
    const res = await download(pi, done.id);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { sheet, rows } = await readXlsx(res.rawPayload);
    expect(sheet.name).toBe('用量');
    expect(rows).toEqual([
      ['用户', '作业数', '核秒', '卡秒', '核时', '卡时'],
      ['rf_member', 2, 500, 100, 0.14, 0.03],
      ['rf_pi', 2, 260, 0, 0.07, 0],
      ['合计', 4, 760, 100, 0.21, 0.03],
    ]);
    expect(sheet.getRow(2).getCell(5).numFmt).toBe('0.00');
    const report = await pi.call(usageSummary, {
      query: { from: '2026-06-01', to: '2026-06-30', scope: 'accounts', groupBy: 'user' },
    });
    expect(rows.slice(1, -1).map((r) => ({ key: r[0], jobs: r[1], coreSeconds: r[2], cardSeconds: r[3] }))).toEqual(
      report.data.list,
    );
    expect(rows.at(-1)!.slice(1, 4)).toEqual([
      report.data.totals.jobs,
      report.data.totals.coreSeconds,
      report.data.totals.cardSeconds,
    ]);
  });

  it('reads a per-job file of the jobs the scope shows: a user’s own, a PI’s accounts', async () => {
    const mine = await finished(member, (await create(member, { detail: 'jobs', user: 'rf_pi' })).data.id);
    // Scope mine stays the caller's own jobs whatever the filter names.
    expect(mine.rows).toBe(0);
    const own = await finished(member, (await create(member, { detail: 'jobs' })).data.id);
    const ownText = (await download(member, own.id)).body;
    expect(
      ownText
        .split('\r\n')
        .slice(1, -2)
        .map((l) => l.split(',')[1]),
    ).toEqual(['2', '4', '3']);
    const accounts = await finished(pi, (await create(pi, { detail: 'jobs', scope: 'accounts', queue: 'compute' })).data.id);
    const accountsText = (await download(pi, accounts.id)).body;
    expect(
      accountsText
        .split('\r\n')
        .slice(1, -2)
        .map((l) => l.split(',')[1]),
    ).toEqual(['1', '2', '9']);
    // A user who owns no account gets an empty file, not an error.
    const none = await finished(member, (await create(member, { scope: 'accounts' })).data.id);
    expect(none).toMatchObject({ state: 'COMPLETED', rows: 0 });
  });

  it('refuses everyone’s jobs to a user and a reversed range, as the usage reports do', async () => {
    const all = await create(member, { scope: 'all' });
    expect(all.status).toBe(403);
    expect(all).toMatchObject({ errCode: 10008, error: { reason: 'forbidden' } });
    const reversed = await create(admin, { scope: 'all', from: '2026-06-30', to: '2026-06-01' });
    expect(reversed).toMatchObject({ status: 400, errCode: 10004, error: { issues: [{ path: 'to' }] } });
    const badFormat = await admin.callUnchecked(createReportFile, {
      body: { from: '2026-06-01', to: '2026-06-30', format: 'pdf' },
    });
    expect(badFormat.errCode).toBe(10004);
  });

  it('shows, sends and deletes a file only to its owner', async () => {
    const f = await finished(pi, (await create(pi, {})).data.id);
    expect((await list(member)).map((x) => x.id)).not.toContain(f.id);
    const theirs = await download(member, f.id);
    expect(theirs.statusCode).toBe(404);
    const deleted = await member.call(deleteReportFile, { params: { id: String(f.id) } });
    expect(deleted).toMatchObject({ status: 404, error: { reason: 'reportFileNotFound' } });
    const onDisk = join(t.dataDir, 'report-files', `${f.id}.csv`);
    expect(existsSync(onDisk)).toBe(true);
    expect((await pi.call(deleteReportFile, { params: { id: String(f.id) } })).errCode).toBe(0);
    expect(existsSync(onDisk)).toBe(false);
    expect((await list(pi)).map((x) => x.id)).not.toContain(f.id);
    expect((await download(pi, f.id)).statusCode).toBe(404);
  });

  it('refuses a fourth waiting file, stops a deleted running one, and keeps a user’s newest files only', async () => {
    gate.hold();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(member, {})).data.id);
    const fourth = await create(member, {});
    expect(fourth).toMatchObject({ status: 409, errCode: 10004, error: { reason: 'tooManyReportFiles', max: 3 } });
    // The first is held RUNNING at the gate: deleting it stops it and removes its partial file.
    await waitFor(member, ids[0]!, (f) => f.state === 'RUNNING');
    const deleting = member.call(deleteReportFile, { params: { id: String(ids[0]) } });
    gate.release();
    expect((await deleting).errCode).toBe(0);
    expect(existsSync(join(t.dataDir, 'report-files', `${ids[0]}.csv.part`))).toBe(false);
    for (const id of ids.slice(1)) expect((await finished(member, id)).state).toBe('COMPLETED');

    const service = t.app.services.reportFiles;
    service.options.kept = 3;
    try {
      const before = (await list(member)).map((f) => f.id);
      expect(before.length).toBeGreaterThan(3);
      const newest = await finished(member, (await create(member, {})).data.id);
      const after = (await list(member)).map((f) => f.id);
      expect(after).toEqual([newest.id, ...before.slice(0, 2)]);
      for (const gone of before.slice(2)) expect(existsSync(join(t.dataDir, 'report-files', `${gone}.csv`))).toBe(false);
    } finally {
      service.options.kept = 20;
    }
  });

  it('queues a file a stopped server left RUNNING again, and writes it at the next start', async () => {
    gate.hold();
    const id = (await create(admin, { scope: 'all', detail: 'jobs', format: 'xlsx' })).data.id;
    await waitFor(admin, id, (f) => f.state === 'RUNNING');
    // The server stops while writing: the file stays RUNNING in the database.
    const stopping = t.app.services.reportFiles.close();
    gate.release();
    await stopping;
    expect((await list(admin)).find((f) => f.id === id)?.state).toBe('RUNNING');
    expect(existsSync(join(t.dataDir, 'report-files', `${id}.xlsx.part`))).toBe(false);

    const next = new ReportFilesService({
      repo: new ReportFilesRepository(t.app.services.db),
      reports: t.app.services.reports,
      days: zoneDays('UTC'),
      dataDir: t.dataDir,
      clock: systemClock,
      log: t.app.log,
    });
    try {
      expect(await next.recover()).toBe(1);
      const done = await finished(admin, id);
      expect(done).toMatchObject({ state: 'COMPLETED', rows: 8, progress: 100 });
      const { rows } = await readXlsx((await download(admin, id)).rawPayload);
      // Header, eight jobs and the totals.
      expect(rows).toHaveLength(10);
      expect(rows[1]).toEqual(['2026-06-02 10:00:00', '1', 'rf_pi', 'rf_chem', 'compute', 'local', 2, 0, 100, 200, 0, 0.06, 0]);
    } finally {
      await next.close();
    }
  });
});
