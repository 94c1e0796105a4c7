import { lstatSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../db/database.js';
import { loadMasterKey } from '../../../lib/master-key.js';
import { waitFor } from '../../scheduler/scheduler-contract.test-support.js';
import { createLocalTestEnv, testSpec, type LocalTestEnv } from '../../scheduler/local/local-env.test-support.js';
import type { LocalScheduler } from '../../scheduler/local/local-scheduler.js';
import { LocalClusterAccess } from './local-access.js';
import { LocalAccessRefusedError, localSeparation } from './user-accounts.js';

/*
 * Local access mode with the server running as root (as on a fresh machine, and in CI): each
 * portal user's commands, jobs, shell and files run as that user's own POSIX account, which
 * cannot read the server's secrets, the server's environment, or another user's folder.
 */

const asRoot = process.getuid?.() === 0;
const alice = { id: 1, name: 'sep_alice' };
const bob = { id: 2, name: 'sep_bob' };

let env: LocalTestEnv;
let db: DbHandle;
let scheduler: LocalScheduler;
let access: LocalClusterAccess;
let masterKey: string;

const passwdUid = (name: string): number => {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`no account ${name}`);
  return Number(line.split(':')[2]);
};

describe.runIf(asRoot)('local access as root: a POSIX account per portal user', () => {
  beforeAll(async () => {
    env = createLocalTestEnv();
    db = await env.openDb();
    scheduler = env.scheduler(db, { tickMs: 200, killGraceMs: 1000 });
    access = new LocalClusterAccess({ homeRoot: env.homeRoot, dataDir: env.dataDir });
    loadMasterKey(env.dataDir, {});
    masterKey = join(env.dataDir, 'secrets', 'master.key');
    // Provisioning at approval makes the accounts and their folders.
    await access.provision(alice);
    await access.provision(bob);
    writeFileSync(join(env.homeRoot, bob.name, 'private.txt'), 'bob only\n');
  });
  afterAll(async () => {
    await scheduler?.shutdownJobs();
    await scheduler?.close();
    await access?.close();
    await db?.close();
    await env?.dispose();
  });

  it('makes the account with its folder, mode 700 and owned by it, and keeps the secrets to the server', () => {
    const uid = passwdUid(alice.name);
    expect(uid).toBeGreaterThanOrEqual(1000);
    const home = lstatSync(join(env.homeRoot, alice.name));
    expect([home.uid, home.mode & 0o777]).toEqual([uid, 0o700]);
    expect(lstatSync(masterKey).mode & 0o777).toBe(0o600);
    expect(lstatSync(join(env.dataDir, 'secrets')).mode & 0o777).toBe(0o700);
    // Users pass through the data folder to their own, but cannot list it.
    expect(lstatSync(env.dataDir).mode & 0o777).toBe(0o711);
  });

  it("runs a user's command as their account, which cannot read the master key, another home or the server's environment", async () => {
    const who = await access.commands.run(alice.name, ['sh', '-c', 'id -un; id -u; echo "$HOME"']);
    expect(who.stdout.trim().split('\n')).toEqual([alice.name, String(passwdUid(alice.name)), join(env.homeRoot, alice.name)]);
    for (const path of [masterKey, join(env.homeRoot, bob.name, 'private.txt'), `/proc/${process.pid}/environ`]) {
      const r = await access.commands.run(alice.name, ['cat', '--', path]);
      expect(r.code, path).not.toBe(0);
      expect(r.stderr, path).toMatch(/Permission denied/);
    }
    // Listing another user's folder fails too.
    expect((await access.commands.run(alice.name, ['ls', join(env.homeRoot, bob.name)])).code).not.toBe(0);
    // Nothing of the server's environment reaches the command.
    const vars = await access.commands.run(alice.name, ['env']);
    expect(vars.stdout).not.toMatch(/^(DATABASE_URL|PORTAL_[A-Z_]+|VITEST)=/m);
  });

  it("runs a local-scheduler job as the owner's account, output files theirs", async () => {
    const workDir = join(env.homeRoot, alice.name, 'jobs');
    const id = await scheduler.submit(
      alice.name,
      testSpec(workDir, {
        name: 'whoami',
        script: `#!/bin/bash\nid -un\necho "$USER"\ncat -- ${masterKey} || echo no-key\ncat /proc/${process.pid}/environ >/dev/null || echo no-environ\n`,
      }),
    );
    const done = await waitFor(
      async () => (await scheduler.finishedSince(0)).find((j) => j.jobId === id),
      `${id} to finish`,
      30_000,
    );
    expect([done.schedulerState, done.user]).toEqual(['COMPLETED', alice.name]);
    const out = join(workDir, `whoami-${id}.out`);
    expect(readFileSync(out, 'utf8').split('\n')).toEqual([alice.name, alice.name, 'no-key', 'no-environ', '']);
    expect(readFileSync(join(workDir, `whoami-${id}.err`), 'utf8')).toMatch(/master\.key: Permission denied/);
    expect(lstatSync(out).uid).toBe(passwdUid(alice.name));
    expect(lstatSync(workDir).uid).toBe(passwdUid(alice.name));
    // Reading output (as root, for the user) takes only the user's own files.
    expect((await scheduler.readOutput(alice.name, out, { maxBytes: 1024 })).content).toContain('no-key');
    const rootsFile = join(workDir, 'roots.out');
    writeFileSync(rootsFile, 'secret\n', { mode: 0o644 });
    await expect(scheduler.readOutput(alice.name, rootsFile, { maxBytes: 1024 })).rejects.toThrow(/not a file of the user's/);
  });

  it('opens the shell as the account', async () => {
    const sh = await access.shell(alice, { cols: 80, rows: 24 });
    let text = '';
    sh.output.on('data', (b: Buffer | string) => (text += b.toString()));
    const exited = new Promise<number | null>((r) => sh.onExit(r));
    sh.write(`echo "who=$(id -un):$(id -u)"; cat ${masterKey} || echo "key=denied"; exit\n`);
    await exited;
    expect(text).toContain(`who=${alice.name}:${passwdUid(alice.name)}`);
    expect(text).toContain('key=denied');
  }, 30_000);

  it("keeps file operations to what the account may do: files are the user's, links to root's files lead nowhere", async () => {
    const files = await access.files(alice);
    const home = await files.home();
    const uid = passwdUid(alice.name);
    await files.mkdir(join(home, 'made'));
    const w = await files.createWriteStream(join(home, 'made', 'up.txt'));
    await new Promise<void>((resolve, reject) => w.end('uploaded\n', () => resolve()).on('error', reject));
    expect(lstatSync(join(home, 'made')).uid).toBe(uid);
    expect(lstatSync(join(home, 'made', 'up.txt')).uid).toBe(uid);
    expect(readFileSync(join(home, 'made', 'up.txt'), 'utf8')).toBe('uploaded\n');
    // Listed by name (the new account is in the owner names at once).
    expect((await files.list(home)).find((e) => e.name === 'made')).toMatchObject({ kind: 'dir', owner: alice.name });
    expect(await files.stat(join(home, 'made', 'up.txt'))).toMatchObject({ kind: 'file', size: 9, owner: alice.name });

    await files.symlink(masterKey, join(home, 'key'));
    await files.symlink(join(env.homeRoot, bob.name), join(home, 'bob'));
    await expect(files.createReadStream(join(home, 'key'))).rejects.toMatchObject({ reason: 'denied' });
    await expect(files.list(join(home, 'bob'))).rejects.toMatchObject({ reason: 'denied' });
    await expect(files.createWriteStream(join(home, 'key'))).rejects.toMatchObject({ reason: 'denied' });
    // A copy keeps the link a link (cp -a): reading the copy is refused the same way.
    await files.copy(join(home, 'key'), join(home, 'copied'));
    await expect(files.createReadStream(join(home, 'copied'))).rejects.toMatchObject({ reason: 'denied' });
    // tar as the account cannot read bob's folder: the archive fails rather than end complete.
    const tar = await files.archive(join(env.homeRoot, bob.name));
    await expect(new Promise((resolve, reject) => tar.on('error', reject).on('end', resolve).resume())).rejects.toMatchObject({
      reason: 'denied',
    });
    // The key is unchanged and still the server's alone.
    expect(lstatSync(masterKey).uid).toBe(0);
    expect(readFileSync(masterKey, 'utf8').length).toBeGreaterThan(40);
  });

  it('makes accounts for portal names with capitals and dots too', async () => {
    const r = await access.commands.run('Sep.Upper', ['id', '-un']);
    expect([r.code, r.stdout.trim()]).toEqual([0, 'Sep.Upper']);
  });

  it('refuses a portal user named like a system account', async () => {
    await expect(access.commands.run('daemon', ['id'])).rejects.toThrow(/system account/);
  });
});

describe('local access: who users act as', () => {
  it('is the server account when not root, a POSIX account per user as root', () => {
    expect(localSeparation(1000)).toBe('shared');
    expect(localSeparation(0, () => true)).toBe('perUser');
  });

  it('refuses to start as root without the programs to switch users, saying how to fix it', () => {
    expect(() => localSeparation(0, (p) => p !== 'setpriv')).toThrow(LocalAccessRefusedError);
    expect(() => localSeparation(0, (p) => p !== 'setpriv')).toThrow(
      /runs as root with access mode 'local'.*setpriv is missing. Install util-linux.*access\.mode 'ssh'/,
    );
  });
});
