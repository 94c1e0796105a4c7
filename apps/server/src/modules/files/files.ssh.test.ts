import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { chownSync, readdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteFiles,
  downloadFiles,
  listFiles,
  makeFile,
  makeFolder,
  readTextFile,
  renameFile,
  Role,
  startUpload,
  uploadStatus,
} from '@portal/shared';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { sendChunkCutOff } from '../../test/upload-chunks.js';
import { devClusterSshAccess, installPortalKey, removeAuthorizedKey } from '../../test/dev-cluster-ssh.js';

/*
 * The key cases of the file service over real SSH: the dev cluster's login node on 127.0.0.1:2222
 * (`bash scripts/dev-cluster start` as root), with PORTAL_TEST_SLURM=1. The portal users alice and
 * bob are the POSIX accounts alice and bob; their portal keys are installed the way approval does.
 * The roots include /home so that the operating system, not the portal, has to keep bob's files
 * from alice.
 */

const enabled = process.env.PORTAL_TEST_SLURM === '1';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.runIf(enabled)('file service over ssh', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  const installed: { name: string; line: string }[] = [];
  const dir = `/home/alice/portal-files-test-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    t = await createTestApp({
      clusters: [
        {
          id: 'dev',
          name: 'Dev cluster',
          access: { ...devClusterSshAccess(), roots: ['~', '/home'] },
        },
      ],
    });
    alice = await signedIn(t.app, 'alice', Role.user);
    bob = await signedIn(t.app, 'bob', Role.user);
    for (const name of ['alice', 'bob']) installed.push({ name, line: await installPortalKey(t.app, name) });
    expect((await alice.call(makeFolder, { body: { path: '/home/alice', name: dir.split('/').pop()! } })).errCode).toBe(0);
  }, 60_000);

  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync('/home/bob/portal-files-secret.txt', { force: true });
    // The keys of this run leave authorized_keys again.
    for (const { name, line } of installed) removeAuthorizedKey(name, line);
    await t?.close();
  });

  it('lists, creates, renames and deletes as the POSIX account', async () => {
    expect((await alice.call(makeFile, { body: { path: dir, name: 'a.txt' } })).errCode).toBe(0);
    expect((await alice.call(renameFile, { body: { from: `${dir}/a.txt`, to: `${dir}/b.txt` } })).errCode).toBe(0);
    const listed = await alice.call(listFiles, { query: { path: dir } });
    expect(listed.data.home).toBe('/home/alice');
    const entry = listed.data.list.find((e) => e.name === 'b.txt');
    expect(entry).toMatchObject({ kind: 'file', size: 0, owner: 'alice' });
    expect((await alice.call(deleteFiles, { body: { paths: [`${dir}/b.txt`] } })).errCode).toBe(0);
    expect((await alice.call(listFiles, { query: { path: dir } })).data.total).toBe(0);
  });

  it('resumes an upload cut off mid-chunk and downloads byte ranges of it', async () => {
    const data = randomBytes(1_500_000);
    const up = (await alice.call(startUpload, { body: { path: dir, name: 'up.bin', size: data.length } })).data;
    const cut = 600_000;
    const offset = await sendChunkCutOff(t, alice, up.uploadId, data, cut);
    expect(offset).toBe(cut);
    const rest = await alice.patchChunk(up.uploadId, cut, data.subarray(cut));
    expect(rest.json().data).toMatchObject({ done: true, offset: data.length });
    const whole = await alice.raw('GET', downloadFiles.path, { query: { path: `${dir}/up.bin` } });
    expect(sha(whole.rawPayload)).toBe(sha(data));
    const part = await alice.raw('GET', downloadFiles.path, {
      query: { path: `${dir}/up.bin` },
      headers: { range: 'bytes=100-199' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(data.subarray(100, 200))).toBe(true);
    const past = await alice.raw('GET', downloadFiles.path, {
      query: { path: `${dir}/up.bin` },
      headers: { range: `bytes=${data.length}-` },
    });
    expect(past.statusCode).toBe(416);
  }, 60_000);

  it('keeps one remote writer across chunks, and after losing it resumes where the file really ends', async () => {
    const data = randomBytes(1_000_000);
    const up = (await alice.call(startUpload, { body: { path: dir, name: 'kept.bin', size: data.length } })).data;
    const patch = (from: number, to: number) => alice.patchChunk(up.uploadId, from, data.subarray(from, to));
    // This upload's dd processes only: other test files may run dd as alice at the same time.
    const ddOfThis = ['-u', 'alice', '-f', `^dd of=${dir}/.kept.bin.portal-upload-`];
    const writers = () => execFileSync('pgrep', ['-c', ...ddOfThis], { encoding: 'utf8' }).trim();
    expect((await patch(0, 300_000)).json().data.offset).toBe(300_000);
    expect((await patch(300_000, 600_000)).json().data.offset).toBe(600_000);
    // Two chunks, one writer: the same dd waits for the next chunk.
    expect(writers()).toBe('1');

    // The writer dies, and the file lost bytes it had counted (as when a connection breaks).
    execFileSync('pkill', ['-KILL', ...ddOfThis]);
    const temp = readdirSync(dir).find((n) => n.startsWith('.kept.bin.portal-upload-'));
    expect(temp).toBeDefined();
    await new Promise((r) => setTimeout(r, 300));
    truncateSync(`${dir}/${temp}`, 250_000);

    const refused = await patch(600_000, data.length);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data.offset).toBe(250_000);
    expect((await alice.call(uploadStatus, { params: { uploadId: up.uploadId } })).data.offset).toBe(250_000);
    expect((await patch(250_000, data.length)).json().data).toMatchObject({ done: true, offset: data.length });
    const whole = await alice.raw('GET', downloadFiles.path, { query: { path: `${dir}/kept.bin` } });
    expect(sha(whole.rawPayload)).toBe(sha(data));
    // The finished upload's writer ended with it.
    expect(() => writers()).toThrow();
  }, 60_000);

  it('refuses paths outside the roots and links that lead out, and audits them', async () => {
    symlinkSync('/etc', `${dir}/etc`);
    for (const path of ['/etc/passwd', `${dir}/etc/passwd`, '/home/alice/../../etc/passwd']) {
      const res = await alice.call(readTextFile, { query: { path } });
      expect(res.status, path).toBe(403);
      expect(res.error?.reason).toBe('pathOutsideRoots');
    }
    const lines = await t.app.services.db
      .selectFrom('audit_log')
      .select('target')
      .where('action', '=', 'files.pathRefused')
      .execute();
    expect(lines.map((l) => l.target)).toContain('files.readText /etc/passwd');
  });

  it('answers a link loop with symlinkLoop, though SFTP reports it as a missing file', async () => {
    symlinkSync('loop', `${dir}/loop`);
    const answers = [
      await alice.call(listFiles, { query: { path: `${dir}/loop` } }),
      await alice.call(readTextFile, { query: { path: `${dir}/loop` } }),
      await alice.call(makeFolder, { body: { path: `${dir}/loop`, name: 'new' } }),
    ];
    for (const res of answers) expect([res.status, res.error?.reason]).toEqual([400, 'symlinkLoop']);
  });

  it("lets the operating system keep bob's files from alice", async () => {
    writeFileSync('/home/bob/portal-files-secret.txt', 'bob only', { mode: 0o600 });
    const bobUid = Number(readFileSync('/etc/passwd', 'utf8').match(/^bob:x:(\d+):/m)?.[1]);
    chownSync('/home/bob/portal-files-secret.txt', bobUid, bobUid);
    // Inside the configured roots, so only the OS stands in the way.
    const read = await alice.call(readTextFile, { query: { path: '/home/bob/portal-files-secret.txt' } });
    expect(read.status).toBe(403);
    expect(read.error?.reason).toBe('fileDenied');
    const own = await bob.call(readTextFile, { query: { path: '/home/bob/portal-files-secret.txt' } });
    expect(own.data.content).toBe('bob only');
  });
});
