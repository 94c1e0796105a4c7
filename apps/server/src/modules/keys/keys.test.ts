import { createHash } from 'node:crypto';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deleteKey, exportKey, importKey, listKeys, Role } from '@portal/shared';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';
import { generatePortalKeyPair } from './keys.service.js';

/* SSH keys: importing public keys, and downloading the private key of the portal's key pair. */

const { utils } = ssh2;

/** The fingerprint `ssh-keygen -l` shows, computed from the key line itself. */
const fingerprintOf = (publicLine: string) =>
  `SHA256:${createHash('sha256')
    .update(Buffer.from(publicLine.split(' ')[1]!, 'base64'))
    .digest('base64')
    .replace(/=+$/, '')}`;

/** A key pair as a user's own machine would make it (ed25519 through the generator that skips ssh2's malformed pairs). */
const newKey = (type: 'ed25519' | 'ecdsa' = 'ed25519') =>
  type === 'ecdsa' ? utils.generateKeyPairSync('ecdsa', { bits: 256, comment: 'me@laptop' }) : generatePortalKeyPair('me@laptop');

describe('portal key pairs', () => {
  it('are always well-formed OpenSSH keys whose halves match (1500 in a row)', () => {
    // One raw ssh2 pair in 256 is malformed, so 1500 in a row would almost surely hit one.
    for (let i = 0; i < 1500; i++) {
      const pair = generatePortalKeyPair(`user${i}@hpc-portal`);
      const pub = utils.parseKey(pair.public);
      const priv = utils.parseKey(pair.private);
      if (pub instanceof Error || priv instanceof Error) throw new Error(`pair ${i} is malformed: ${pair.public}`);
      expect(priv.getPublicSSH().equals(pub.getPublicSSH())).toBe(true);
      expect(pub.getPublicSSH().length).toBe(51);
    }
  });
});

describe('SSH keys', () => {
  let t: TestApp;
  let user: TestClient;
  let neighbour: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    user = await signedIn(t.app, 'key_user', Role.user);
    neighbour = await signedIn(t.app, 'key_neighbour', Role.hpc);
  });
  afterAll(() => t.close());

  const keysOf = async (c: TestClient) => (await c.call(listKeys)).data;

  it('imports an OpenSSH public key and lists it with its fingerprint', async () => {
    const key = newKey();
    const res = await user.call(importKey, { body: { rsaKeyName: 'laptop', rsaKeyContent: `${key.public}\n` } });
    expect(res.errCode).toBe(0);
    expect(res.data.fingerprint).toBe(fingerprintOf(key.public));
    const listed = (await keysOf(user)).filter((k) => k.origin === 'imported');
    expect(listed).toEqual([
      {
        id: expect.any(Number),
        name: 'laptop',
        type: 'ssh-ed25519',
        fingerprint: fingerprintOf(key.public),
        createdAt: expect.any(String),
        origin: 'imported',
      },
    ]);
  });

  it('imports ECDSA keys too', async () => {
    const key = newKey('ecdsa');
    const res = await user.call(importKey, { body: { rsaKeyName: 'workstation', rsaKeyContent: key.public } });
    expect(res.errCode).toBe(0);
    expect((await keysOf(user)).find((k) => k.name === 'workstation')?.type).toBe('ecdsa-sha2-nistp256');
  });

  it('refuses text that is not a public key', async () => {
    for (const content of [
      'hello world',
      'ssh-ed25519 AAAAnotbase64!!',
      'ssh-rsa',
      '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----',
    ]) {
      const res = await user.call(importKey, { body: { rsaKeyName: 'junk', rsaKeyContent: content } });
      expect(res.status, content).toBe(400);
      expect(res.errCode).toBe(10004);
      expect(res.error?.reason).toBe('keyInvalid');
    }
  });

  it('refuses a private key, saying so', async () => {
    const res = await user.call(importKey, { body: { rsaKeyName: 'oops', rsaKeyContent: newKey().private } });
    expect(res.error?.reason).toBe('keyInvalid');
    expect(res.errMsg).toMatch(/private key/);
  });

  it('refuses two keys pasted at once', async () => {
    const res = await user.call(importKey, {
      body: { rsaKeyName: 'two', rsaKeyContent: `${newKey().public}\n${newKey().public}` },
    });
    expect(res.error?.reason).toBe('keyInvalid');
    expect((await keysOf(user)).some((k) => k.name === 'two')).toBe(false);
  });

  it('refuses the same key twice with 409', async () => {
    const key = newKey();
    expect((await user.call(importKey, { body: { rsaKeyName: 'first', rsaKeyContent: key.public } })).errCode).toBe(0);
    const again = await user.call(importKey, {
      body: { rsaKeyName: 'second', rsaKeyContent: key.public.replace('me@laptop', 'other comment') },
    });
    expect(again.status).toBe(409);
    expect(again.error?.reason).toBe('keyDuplicated');
    // Another account may hold the same public key.
    expect((await neighbour.call(importKey, { body: { rsaKeyName: 'shared', rsaKeyContent: key.public } })).errCode).toBe(0);
  });

  it('needs a key name without spaces and a key content', async () => {
    expect((await user.call(importKey, { body: { rsaKeyName: '', rsaKeyContent: newKey().public } })).errCode).toBe(10003);
    expect((await user.call(importKey, { body: { rsaKeyName: 'my key', rsaKeyContent: newKey().public } })).errCode).toBe(10004);
    expect((await user.call(importKey, { body: { rsaKeyName: 'empty', rsaKeyContent: '' } })).errCode).toBe(10003);
  });

  it("deletes an imported key, but not the portal's key pair nor another user's key", async () => {
    const key = newKey();
    await user.call(importKey, { body: { rsaKeyName: 'to_delete', rsaKeyContent: key.public } });
    const mine = (await keysOf(user)).find((k) => k.name === 'to_delete')!;
    const provision = vi.spyOn(t.app.services.provisioner, 'provision');
    expect((await user.call(deleteKey, { body: { id: mine.id } })).errCode).toBe(0);
    // The clusters are told to revoke exactly this key.
    expect(provision).toHaveBeenCalledWith(expect.objectContaining({ name: 'key_user' }), [key.public.trim()]);
    provision.mockRestore();
    expect((await keysOf(user)).some((k) => k.name === 'to_delete')).toBe(false);
    expect((await user.call(deleteKey, { body: { id: mine.id } })).status).toBe(404);

    const theirs = (await keysOf(neighbour)).find((k) => k.name === 'shared')!;
    expect((await user.call(deleteKey, { body: { id: theirs.id } })).status).toBe(404);
    expect((await keysOf(neighbour)).some((k) => k.name === 'shared')).toBe(true);

    await user.call(exportKey);
    const portal = (await keysOf(user)).find((k) => k.origin === 'portal')!;
    expect((await user.call(deleteKey, { body: { id: portal.id } })).status).toBe(404);
    expect((await keysOf(user)).some((k) => k.origin === 'portal')).toBe(true);
  });

  it("downloads the private key of the portal's key pair, matching the public key on record", async () => {
    const res = await user.raw('GET', exportKey.path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="id_ed25519_key_user"; filename*=UTF-8''id_ed25519_key_user`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/^-----BEGIN OPENSSH PRIVATE KEY-----\n/);

    const parsed = utils.parseKey(res.body);
    if (parsed instanceof Error) throw parsed;
    expect(parsed.isPrivateKey()).toBe(true);
    const row = await t.app.services.db
      .selectFrom('user_keys')
      .innerJoin('users', 'users.id', 'user_keys.user_id')
      .select(['user_keys.public_key', 'user_keys.private_key_enc'])
      .where('users.user_name', '=', 'key_user')
      .where('origin', '=', 'portal')
      .executeTakeFirstOrThrow();
    expect(parsed.getPublicSSH().toString('base64')).toBe(row.public_key.split(' ')[1]);
    const portal = (await keysOf(user)).find((k) => k.origin === 'portal');
    expect(portal?.fingerprint).toBe(fingerprintOf(row.public_key));

    // The same key for PuTTY: a .ppk file whose public lines are the key on record.
    const ppk = await user.raw('GET', `${exportKey.path}?format=ppk`);
    expect(ppk.statusCode).toBe(200);
    expect(ppk.headers['content-disposition']).toBe(
      `attachment; filename="id_ed25519_key_user.ppk"; filename*=UTF-8''id_ed25519_key_user.ppk`,
    );
    expect(ppk.headers['cache-control']).toBe('no-store');
    expect(ppk.body).toMatch(/^PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\n/);
    const publicLines = /Public-Lines: \d+\n([\s\S]*?)\nPrivate-Lines/.exec(ppk.body)?.[1] ?? '';
    expect(publicLines.replace(/\n/g, '')).toBe(row.public_key.split(' ')[1]);
    expect((await user.raw('GET', `${exportKey.path}?format=pem`)).statusCode).toBe(400);

    // The same key every time, and never stored in clear.
    expect((await user.raw('GET', exportKey.path)).body).toBe(res.body);
    expect(row.private_key_enc).toMatch(/^v1:/);
    expect(row.private_key_enc).not.toContain(res.body.trim());
    for (const line of res.body.split('\n').filter((l) => l.length > 20 && !l.startsWith('-----')))
      expect(row.private_key_enc).not.toContain(line);
  });

  it('hands out one and the same key pair when the first download is clicked twice at once', async () => {
    for (let i = 0; i < 5; i++) {
      const c = await signedIn(t.app, `key_twice_${i}`, Role.user);
      const [a, b] = await Promise.all([c.raw('GET', exportKey.path), c.raw('GET', exportKey.path)]);
      expect([a.statusCode, b.statusCode], `${a.body.slice(0, 200)} / ${b.body.slice(0, 200)}`).toEqual([200, 200]);
      expect(b.body).toBe(a.body);
      expect((await keysOf(c)).filter((k) => k.origin === 'portal')).toHaveLength(1);
    }
  });

  it('refuses key import and private key download to a viewer', async () => {
    const viewer = await signedIn(t.app, 'key_viewer', Role.viewer);
    const imp = await viewer.call(importKey, { body: { rsaKeyName: 'viewer', rsaKeyContent: newKey().public } });
    expect(imp.status).toBe(403);
    expect(imp.errCode).toBe(10008);
    const exp = await viewer.raw('GET', exportKey.path);
    expect(exp.statusCode).toBe(403);
    expect(exp.body).not.toContain('PRIVATE KEY');
    expect(exp.json().errCode).toBe(10008);
  });
});
