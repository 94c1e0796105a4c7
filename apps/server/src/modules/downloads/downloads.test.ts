import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { faqDownload, listDownloads, Role, ROLE_IDS, softwareDownload, uploadTool } from '@portal/shared';
import { AppError } from '../../lib/app-error.js';
import { DownloadsService } from './downloads.service.js';
import { createTestApp, signedIn, TestClient, type TestApp } from '../../test/harness.js';

/* The download-tools dialog and the FAQ: files an operator puts into <dataDir>/downloads. */

/** Puts a file where an operator would, and answers its bytes. */
const install = (t: TestApp, kind: 'software' | 'faq', name: string, bytes = randomBytes(4096)) => {
  const dir = join(t.dataDir, 'downloads', kind);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), bytes);
  return bytes;
};

describe('downloads', () => {
  let t: TestApp;
  let user: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    user = await signedIn(t.app, 'dl_user', Role.user);
  });
  afterAll(() => t.close());

  it('says "file not exist" (404) for a tool that is not installed, with a reason saying it is not installed', async () => {
    const res = await user.call(softwareDownload, { body: { softwareName: 'install_citrixreceiver.rar' } });
    expect(res.status).toBe(404);
    expect(res.errMsg).toBe('file not exist');
    expect(res.error?.reason).toBe('toolNotInstalled');
  });

  it('gives the path of an installed tool, and the path serves its bytes as an attachment', async () => {
    const bytes = install(t, 'software', 'VncViewer.zip');
    const res = await user.call(softwareDownload, { body: { softwareName: 'VncViewer.zip' } });
    expect(res.errCode).toBe(0);
    expect(res.data).toEqual({ success: true, path: '/commonsoft/download/software/VncViewer.zip' });

    const file = await user.raw('GET', res.data.path);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="VncViewer.zip"; filename*=UTF-8''VncViewer.zip`);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(Number(file.headers['content-length'])).toBe(bytes.length);
  });

  it('offers only the tools of the dialog', async () => {
    for (const softwareName of ['putty.exe', '../portal.db', 'downloads/VncViewer.zip']) {
      const res = await user.callUnchecked(softwareDownload, { body: { softwareName } });
      expect(res.errCode, softwareName).toBe(10004);
    }
    expect((await user.callUnchecked(softwareDownload, { body: {} })).errCode).toBe(10003);
  });

  it('requires a session to download', async () => {
    install(t, 'software', 'install_winscp_putty.rar');
    const res = await new TestClient(t.app).raw('GET', '/commonsoft/download/software/install_winscp_putty.rar');
    expect(res.statusCode).toBe(401);
  });

  it('refuses the FAQ to role user and offers it to every other role', async () => {
    install(t, 'faq', 'FAQ.pdf', Buffer.from('%PDF-1.4 faq'));
    const denied = await user.call(faqDownload, { body: {} });
    expect(denied.status).toBe(403);
    expect(denied.errCode).toBe(10008);
    expect((await user.raw('GET', '/commonsoft/download/faq/FAQ.pdf')).statusCode).toBe(403);

    for (const role of ROLE_IDS.filter((r) => r !== Role.user)) {
      const c = await signedIn(t.app, `dl_role_${role}`, role);
      // FAQ.pdf is the default name.
      const res = await c.call(faqDownload, { body: {} });
      expect(res.data, `role ${role}`).toEqual({ success: true, path: '/commonsoft/download/faq/FAQ.pdf' });
      const file = await c.raw('GET', res.data.path);
      expect(file.body).toBe('%PDF-1.4 faq');
    }
  });

  it('says "file not exist" for an FAQ that is not there', async () => {
    const viewer = await signedIn(t.app, 'dl_viewer', Role.viewer);
    const res = await viewer.call(faqDownload, { body: { faqName: 'Manual.pdf' } });
    expect(res.status).toBe(404);
    expect(res.errMsg).toBe('file not exist');
  });

  it('refuses names with slashes, and never serves files outside the download folders', async () => {
    const admin = await signedIn(t.app, 'dl_admin', Role.admin);
    for (const faqName of ['../portal.db', '..\\portal.db', 'sub/FAQ.pdf', '/etc/passwd']) {
      const res = await admin.call(faqDownload, { body: { faqName } });
      expect(res.errCode, faqName).toBe(10004);
    }
    for (const url of [
      '/commonsoft/download/faq/..%2F..%2Fportal.db',
      '/commonsoft/download/software/..%5C..%5Cportal.db',
      '/commonsoft/download/software/..',
      '/commonsoft/download/software/%2e%2e',
      '/commonsoft/download/secrets/master.key',
    ]) {
      const res = await admin.raw('GET', url);
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('SQLite');
      expect(res.json().errCode).toBe(10004);
    }
  });

  it('lists which of the offered files are installed', async () => {
    const fresh = await createTestApp();
    try {
      const c = await signedIn(fresh.app, 'dl_lister', Role.user);
      const before = await c.call(listDownloads);
      expect(before.data.map((e) => [e.kind, e.name, e.installed])).toEqual([
        ['software', 'VncViewer.zip', false],
        ['software', 'install_citrixreceiver.rar', false],
        ['software', 'install_winscp_putty.rar', false],
        ['faq', 'FAQ.pdf', false],
      ]);
      install(fresh, 'software', 'VncViewer.zip', Buffer.from('12345'));
      const after = await c.call(listDownloads);
      expect(after.data[0]).toMatchObject({ name: 'VncViewer.zip', installed: true, size: 5 });
      expect(after.data[0]?.updatedAt).toMatch(/^\d{4}-/);
    } finally {
      await fresh.close();
    }
  });

  it('lets an administrator upload a tool, which then downloads, and audits it', async () => {
    const admin = await signedIn(t.app, 'dl_uploader', Role.admin);
    const res = await admin.raw('PUT', '/commonsoft/softwaremanagement/upload/software/install_winscp_putty.rar', {
      headers: { 'content-type': 'application/octet-stream' },
      rawBody: 'winscp and putty bytes',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ kind: 'software', name: 'install_winscp_putty.rar', installed: true, size: 22 });
    expect(readFileSync(join(t.dataDir, 'downloads', 'software', 'install_winscp_putty.rar'), 'utf8')).toBe(
      'winscp and putty bytes',
    );
    // No half-written file is left beside it.
    expect(readdirSync(join(t.dataDir, 'downloads', 'software')).filter((f) => f.endsWith('.part'))).toEqual([]);

    const offered = await user.call(softwareDownload, { body: { softwareName: 'install_winscp_putty.rar' } });
    expect((await user.raw('GET', offered.data.path)).body).toBe('winscp and putty bytes');

    let row;
    for (let i = 0; i < 100 && !row; i++) {
      row = await t.app.services.db.selectFrom('audit_log').selectAll().where('action', '=', uploadTool.id).executeTakeFirst();
      if (!row) await new Promise((r) => setTimeout(r, 20));
    }
    expect(row).toMatchObject({
      user_name: 'dl_uploader',
      result: 'success',
      target: 'software/install_winscp_putty.rar (22 bytes)',
    });
  });

  it('refuses uploads from other roles and under names the dialogs do not offer', async () => {
    for (const role of [Role.user, Role.viewer, Role.auditor, Role.hpc, Role.opt]) {
      const c = await signedIn(t.app, `dl_up_${role}`, role);
      const res = await c.raw('PUT', '/commonsoft/softwaremanagement/upload/software/VncViewer.zip', {
        headers: { 'content-type': 'application/octet-stream' },
        rawBody: 'x',
      });
      expect(res.statusCode, `role ${role}`).toBe(403);
    }
    const admin = await signedIn(t.app, 'dl_upnames', Role.admin);
    for (const path of ['software/putty.exe', 'faq/VncViewer.zip', 'software/..%2Fportal.db', 'other/FAQ.pdf']) {
      const res = await admin.raw('PUT', `/commonsoft/softwaremanagement/upload/${path}`, {
        headers: { 'content-type': 'application/octet-stream' },
        rawBody: 'x',
      });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errCode, path).toBe(10004);
    }
    expect(existsSync(join(t.dataDir, 'downloads', 'software', 'putty.exe'))).toBe(false);
  });

  it('refuses a file over the size limit and keeps the older file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dl-limit-'));
    const service = new DownloadsService(dir, 10);
    await service.store('faq', 'FAQ.pdf', undefined, Readable.from([Buffer.from('old faq')]));
    const tooBig = service.store('faq', 'FAQ.pdf', undefined, Readable.from([Buffer.from('123456'), Buffer.from('789012')]));
    await expect(tooBig).rejects.toBeInstanceOf(AppError);
    await expect(tooBig).rejects.toMatchObject({ code: 10011, reason: 'downloadTooLarge', status: 413 });
    await expect(service.store('faq', 'FAQ.pdf', 11, Readable.from([]))).rejects.toMatchObject({ reason: 'downloadTooLarge' });
    expect(readFileSync(join(dir, 'downloads', 'faq', 'FAQ.pdf'), 'utf8')).toBe('old faq');
    expect(readdirSync(join(dir, 'downloads', 'faq'))).toEqual(['FAQ.pdf']);
  });
});
