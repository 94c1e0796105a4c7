import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqDownload, Role, ROLE_IDS, softwareDownload } from '@portal/shared';
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

  it('says "file not exist" (404) for a tool that is not installed', async () => {
    const res = await user.call(softwareDownload, { body: { softwareName: 'install_citrixreceiver.rar' } });
    expect(res.status).toBe(404);
    expect(res.errMsg).toBe('file not exist');
    expect(res.error?.reason).toBe('fileNotExist');
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
});
