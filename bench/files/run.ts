/*
 * bench/files: the file manager against a huge folder and big files. Over 300 lines on purpose:
 * a script run by hand whose phases read top to bottom, each beside the figures it writes.
 *
 * 1. Time to the first page of a 100,000-entry folder through the file API (app.inject: the whole
 *    server stack without the network) by name, a later page (from the listing cache) and the
 *    first page by size and by time, side by side with the floor timed in the same run on the same
 *    folder over the same access (floor.ts); the cached listing is dropped before each first page.
 * 2. The same folder in the browser: headless Chromium (Debian's, through playwright-core), signed
 *    in, opens /efile, goes to the folder through the path box, and times until its first row is
 *    visible (over real HTTP on loopback, the built console of apps/web/dist).
 * 3. With --ssh: upload and download throughput of a --size-mb file through the portal's HTTP API
 *    (chunked upload of UPLOAD_CHUNK_BYTES chunks, the download endpoint) side by side in the same
 *    run with plain `scp -P 2222` of the same file to and from the same sshd as alice with the same
 *    key (the portal key of this run).
 *
 * Local access on a temporary data folder by default; with --ssh the dev cluster's login node
 * (127.0.0.1:2222, `scripts/dev-cluster start`, run as root) as the POSIX account alice.
 *
 *   node_modules/.bin/tsx --conditions=source bench/files/run.ts [--entries 100000] [--runs 5] [--ssh]
 *     [--size-mb 200] [--chunk-mb 8] [--no-browser] [--no-throughput]
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { chromium } from 'playwright-core';
import { Role, UPLOAD_CHUNK_BYTES } from '@portal/shared';
import { buildApp } from '../../apps/server/src/app.js';
import { parseConfig } from '../../apps/server/src/config/load.js';
import { hashPassword } from '../../apps/server/src/modules/users/password.js';
import { newUserRow } from '../../apps/server/src/modules/users/users.repository.js';
import { floorCommands, localRunner, sshRunner } from './floor.js';

const { values: args } = parseArgs({
  options: {
    entries: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '5' },
    ssh: { type: 'boolean', default: false },
    'size-mb': { type: 'string', default: '200' },
    /** Upload chunk size in MiB; the web page's UPLOAD_CHUNK_BYTES by default. */
    'chunk-mb': { type: 'string' },
    'no-browser': { type: 'boolean', default: false },
    'no-throughput': { type: 'boolean', default: false },
  },
});
const ENTRIES = Number(args.entries);
const RUNS = Number(args.runs);
const PASSWORD = 'Bench_pass1';

const USER = args.ssh ? 'alice' : 'bench';

const sshCluster = () => {
  const blob = Buffer.from(readFileSync('/etc/ssh/ssh_host_ed25519_key.pub', 'utf8').split(' ')[1] ?? '', 'base64');
  const hostKeyFingerprint = `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
  return {
    id: 'dev',
    name: 'Dev cluster',
    access: {
      mode: 'ssh' as const,
      ssh: { host: '127.0.0.1', port: 2222, hostKeyFingerprint, serviceKeyFile: '/etc/slurm/portal-service-key' },
    },
  };
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const best = (xs: number[]) => Math.min(...xs);
const root = resolve(import.meta.dirname, '../..');
/** Page-side: how long each listing request of the big folder took, by Resource Timing. */
const LISTING_TIMES = `performance
  .getEntriesByType('resource')
  .filter((e) => e.name.includes('/efile/api/files?') && e.name.includes('big'))
  .map((e) => e.responseEnd - e.startTime)`;

/** Page-side: the page's time (from its navigation) of the first frame that shows a listed row. */
const ANY_ROW_SHOWN = `new Promise((done) => {
  const check = () => {
    const row = document.querySelector('[data-testid^="row-"]');
    if (row && row.getBoundingClientRect().height > 0) done(performance.now());
    else requestAnimationFrame(check);
  };
  check();
})`;

/**
 * Page-side (as text: tsx would wrap a function in helpers the page lacks): the time from the next
 * Enter key press to the first animation frame in which the row with this test id is shown.
 */
const FIRST_ROW_SHOWN = `((testId) => new Promise((done) => {
  const onKey = (e) => {
    if (e.key !== 'Enter') return;
    removeEventListener('keydown', onKey, true);
    const pressed = performance.now();
    const check = () => {
      const row = document.querySelector('[data-testid="' + testId + '"]');
      if (row && row.getBoundingClientRect().height > 0) done(performance.now() - pressed);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  };
  addEventListener('keydown', onKey, true);
}))`;

/** 0..n-1 in a shuffled order, the same in every run (a fixed-seed linear congruential generator). */
const shuffled = (n: number): number[] => {
  const order = Array.from({ length: n }, (_, i) => i);
  let seed = 11;
  for (let i = n - 1; i > 0; i--) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const j = seed % (i + 1);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order;
};

const say = (text: string) => process.stdout.write(`${text}\n`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const main = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-files-'));
  const cleanup: (() => void)[] = [() => rmSync(dataDir, { recursive: true, force: true })];
  try {
    const config = parseConfig({
      dataDir,
      admin: { password: 'Admin@12345' },
      logLevel: 'silent',
      ...(args.ssh ? { clusters: [sshCluster()] } : {}),
    });
    const app = await buildApp({ config, logger: false, webRoot: join(root, 'apps/web/dist') });
    // Real HTTP on loopback for the browser and the transfers (inject would buffer the bodies).
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const now = Date.now();
    const user = await app.services.usersRepo.insert(
      newUserRow(
        {
          user_name: USER,
          password_hash: await hashPassword(PASSWORD),
          role_id: Role.user,
          status: 'active',
          email: 'bench@example.com',
          approved_at: now,
          approved_by: 'bench',
        },
        now,
      ),
    );
    const login = await app.inject({
      method: 'POST',
      url: '/login/loginAuth.action',
      payload: { strUserName: USER, strPassword: PASSWORD },
    });
    const cookies = login.cookies as { name: string; value: string }[];
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const csrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';

    let keyLine = '';
    if (args.ssh) {
      // The portal key of this run, installed the way approval does (and removed at the end).
      keyLine = (await app.services.keys.ensurePortalKeyPair(user.id, USER)).public_key.trim();
      const failed = await app.services.provisioner.provision({ id: user.id, name: USER });
      if (failed.length) throw new Error('provisioning alice on the dev cluster failed');
    }
    const home = args.ssh ? '/home/alice' : join(dataDir, 'home', USER);
    const dir = join(home, args.ssh ? 'portal-bench-big' : 'big');
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    if (keyLine)
      cleanup.push(() => {
        const file = '/home/alice/.ssh/authorized_keys';
        writeFileSync(
          file,
          readFileSync(file, 'utf8')
            .split('\n')
            .filter((l) => l.trim() !== keyLine)
            .join('\n'),
        );
      });
    mkdirSync(dir, { recursive: true });
    const uid = args.ssh ? Number(/^alice:x:(\d+):(\d+):/m.exec(readFileSync('/etc/passwd', 'utf8'))?.[1]) : -1;
    const t0 = performance.now();
    // Made in a shuffled order: made in name order, their inode numbers would follow the names,
    // and find (which reads a big folder in inode order) would hand the sort a sorted list.
    for (const i of shuffled(ENTRIES)) writeFileSync(join(dir, `file-${String(i).padStart(6, '0')}.dat`), '');
    if (args.ssh) chownSync(dir, uid, uid);
    process.stdout.write(`created ${ENTRIES} files in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

    const page = async (query: Record<string, string>) => {
      const start = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: '/efile/api/files',
        query: { path: dir, ...query },
        headers: { cookie },
      });
      const ms = performance.now() - start;
      const body = res.json() as { errCode: number; data: { total: number; list: { name: string }[] } };
      if (body.errCode !== 0 || body.data.total !== ENTRIES) throw new Error(`unexpected answer: ${res.body.slice(0, 200)}`);
      return ms;
    };

    // The floor over the same access: one ssh connection as the same account, or a local process.
    const floor = args.ssh
      ? await sshRunner({
          host: '127.0.0.1',
          port: 2222,
          username: USER,
          privateKey: await app.services.keys.exportPrivateKey(user.id, USER),
        })
      : localRunner();
    cleanup.push(() => floor.close());
    const clusterId = config.clusters[0]?.id ?? '';
    // Each figure is taken on an idle server: the full order a first page leaves to be sorted in
    // the background is done first (it would share the thread with what is measured next).
    const settled = () => app.services.files.cache.whenSorted();
    const forget = async () => {
      await settled();
      app.services.files.cache.invalidate(clusterId, [dir]);
    };
    const half = String(Math.floor(ENTRIES / 2));
    const apiRows: [string, Record<string, string>][] = [
      ['API: first page by name', { pageStart: '0', pageLimit: '100' }],
      // Right after the first page: the full order is not sorted yet (the first page was selected).
      [`API: later page by name (pageStart ${half}, sorts)`, { pageStart: half, pageLimit: '100' }],
      [`API: the same later page again (cached)`, { pageStart: half, pageLimit: '100' }],
      ['API: first page by size, descending', { pageStart: '0', pageLimit: '100', sort: 'size', order: 'desc' }],
      ['API: first page by time, descending', { pageStart: '0', pageLimit: '100', sort: 'mtime', order: 'desc' }],
    ];
    const floors = floorCommands(dir);
    const rows: [string, number[]][] = [...floors, ...apiRows].map(([label]) => [label, []]);
    for (let r = 0; r < RUNS; r++) {
      for (const [i, [, argv]] of floors.entries()) {
        await settled();
        rows[i]?.[1].push(await floor.time(argv));
      }
      // Each run's first pages read the folder again (the later pages come from its names).
      for (const [i, [label, query]] of apiRows.entries()) {
        if (label.includes('first page')) await forget();
        rows[floors.length + i]?.[1].push(await page(query));
      }
    }
    say(`\n${ENTRIES} entries, ${args.ssh ? 'ssh' : 'local'} access, side by side, median of ${RUNS} (ms):`);
    for (const [label, xs] of rows)
      say(
        `${label.padEnd(52)} ${median(xs).toFixed(0)}  (best ${best(xs).toFixed(0)}; all: ${xs.map((x) => x.toFixed(0)).join(', ')})`,
      );
    const med = (label: string) => median(rows.find(([l]) => l === label)?.[1] ?? [NaN]);
    const ratio = (a: string, b: string) => say(`${a} / ${b}: ${(med(a) / med(b)).toFixed(2)}`);
    ratio('API: first page by name', floors[1]?.[0] ?? '');
    for (const sorted of ['API: first page by size, descending', 'API: first page by time, descending'])
      for (const f of [floors[2]?.[0] ?? '', floors[3]?.[0] ?? '']) ratio(sorted, f);
    say(`load average: ${load()}`);

    const dropListing = async (_r: string) => forget();

    if (!args['no-browser']) {
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        headless: true,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      });
      try {
        const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
        await context.addCookies(cookies.map((c) => ({ name: c.name, value: c.value, url: base })));
        const page = await context.newPage();
        const first = `file-${'0'.repeat(6)}.dat`;
        const opened: number[] = [];
        const folder: number[] = [];
        const listing: number[] = [];
        const requests: number[] = [];
        for (let r = 0; r < RUNS; r++) {
          await dropListing(`browser-${r}`);
          // The window opens on the home folder; then the folder is typed into the path box.
          await page.goto(`${base}/efile`);
          const box = page.getByTestId('path-box');
          // From the navigation's start to the frame that shows the home folder's first row.
          opened.push(await page.evaluate(ANY_ROW_SHOWN));
          await box.waitFor({ state: 'visible', timeout: 30_000 });
          await box.fill(dir);
          // Timed in the page, from the key press to the frame that shows the row: waiting for it
          // from here polls at growing intervals (up to half a second), which would add to it.
          await page.evaluate(`(window.rowShown = ${FIRST_ROW_SHOWN}(${JSON.stringify(`row-${first}`)}), 0)`);
          await box.press('Enter');
          folder.push(await page.evaluate<number>('window.rowShown'));
          // The folder's listing requests as the browser timed them (Resource Timing: sent to last byte).
          const times = await page.evaluate<number[]>(LISTING_TIMES);
          requests.push(times.length);
          listing.push(times.reduce((a, b) => a + b, 0));
        }
        say(`\nbrowser (headless Chromium, real HTTP), median of ${RUNS} (ms):`);
        say(
          `${'E-File window open, home listed'.padEnd(40)} ${median(opened).toFixed(0)}  (best ${best(opened).toFixed(0)}; all: ${opened.map((x) => x.toFixed(0)).join(', ')})`,
        );
        say(
          `${'path box Enter -> first row visible'.padEnd(40)} ${median(folder).toFixed(0)}  (best ${best(folder).toFixed(0)}; all: ${folder.map((x) => x.toFixed(0)).join(', ')})`,
        );
        say(
          `${'  of which the listing request(s)'.padEnd(40)} ${median(listing).toFixed(0)}  (best ${best(listing).toFixed(0)}; all: ${listing.map((x) => x.toFixed(0)).join(', ')}; requests: ${requests.join(', ')})`,
        );
        say(`load average: ${load()}`);
      } finally {
        await browser.close();
      }
    }

    if (args.ssh && !args['no-throughput']) await throughput({ app, base, cookie, csrf, userId: user.id, cleanup });
    await app.close();
  } finally {
    for (const c of cleanup.reverse()) c();
  }
};

/**
 * The portal's HTTP client (a worker thread): a chunked upload through the uploads API, one chunk
 * at a time as the web page sends them, and a streamed download into a file. Answers the time taken.
 */
const PORTAL_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { createWriteStream } = require('node:fs');
const { open } = require('node:fs/promises');
const { Readable } = require('node:stream');
const { pipeline } = require('node:stream/promises');
const { base, cookie, csrf, chunk } = workerData;
const headers = { cookie, 'x-xsrf-token': csrf };
const upload = async ({ source, dir, name, size }) => {
  const res = await fetch(base + '/efile/api/uploads', {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ path: dir, name, size, overwrite: true }),
  });
  const started = await res.json();
  if (started.errCode !== 0) throw new Error('upload start failed: ' + JSON.stringify(started));
  const file = await open(source, 'r');
  try {
    for (let offset = 0; offset < size; offset += chunk) {
      const buf = Buffer.allocUnsafe(Math.min(chunk, size - offset));
      await file.read(buf, 0, buf.length, offset);
      const patch = await fetch(base + '/efile/api/uploads/' + started.data.uploadId, {
        method: 'PATCH',
        headers: { ...headers, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
        body: buf,
      });
      const body = await patch.json();
      if (body.errCode !== 0 || body.data.offset !== offset + buf.length)
        throw new Error('chunk at ' + offset + ' failed: ' + JSON.stringify(body));
    }
  } finally {
    await file.close();
  }
};
const download = async ({ path, to }) => {
  const res = await fetch(base + '/efile/api/files/download?path=' + encodeURIComponent(path), { headers: { cookie } });
  if (res.status !== 200 || !res.body) throw new Error('download answered ' + res.status);
  await pipeline(Readable.fromWeb(res.body), createWriteStream(to));
};
parentPort.on('message', async (m) => {
  const start = performance.now();
  try {
    await (m.op === 'upload' ? upload(m) : download(m));
    parentPort.postMessage({ ms: performance.now() - start });
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.stack || err) });
  }
});
`;

interface Bench {
  app: Awaited<ReturnType<typeof buildApp>>;
  base: string;
  cookie: string;
  csrf: string;
  userId: number;
  cleanup: (() => void)[];
}

/** Upload and download of one file through the portal's HTTP API and with scp, interleaved. */
const throughput = async ({ app, base, cookie, csrf, userId, cleanup }: Bench) => {
  const bytes = Number(args['size-mb']) * 1024 * 1024;
  const chunk = args['chunk-mb'] ? Number(args['chunk-mb']) * 1024 * 1024 : UPLOAD_CHUNK_BYTES;
  const local = mkdtempSync(join(tmpdir(), 'portal-bench-xfer-'));
  cleanup.push(() => rmSync(local, { recursive: true, force: true }));
  const remoteDir = '/home/alice/portal-bench-xfer';
  cleanup.push(() => rmSync(remoteDir, { recursive: true, force: true }));
  mkdirSync(remoteDir, { recursive: true });
  const uid = Number(/^alice:x:(\d+):(\d+):/m.exec(readFileSync('/etc/passwd', 'utf8'))?.[1]);
  chownSync(remoteDir, uid, uid);

  const key = join(local, 'id_ed25519');
  writeFileSync(key, await app.services.keys.exportPrivateKey(userId, USER), { mode: 0o600 });
  const source = join(local, 'source.bin');
  const fd = await open(source, 'w');
  for (let done = 0; done < bytes; done += 16 * 1024 * 1024)
    await fd.write(randomBytes(Math.min(16 * 1024 * 1024, bytes - done)));
  await fd.close();
  const sha = async (file: string) => {
    const h = createHash('sha256');
    await pipeline(createReadStream(file), h);
    return h.digest('hex');
  };
  const want = await sha(source);

  const ssh = ['-P', '2222', '-i', key, '-q', '-o', 'StrictHostKeyChecking=no', '-o', 'UserKnownHostsFile=/dev/null'];
  const sshOpts = [...ssh, '-o', 'BatchMode=yes', '-o', 'IdentitiesOnly=yes'];
  const timed = async (f: () => Promise<unknown> | unknown) => {
    const start = performance.now();
    await f();
    return (performance.now() - start) / 1000;
  };

  // The portal's HTTP client runs in a thread of its own, as a browser would be a process of its
  // own: sharing the server's event loop would charge the client's work to the portal.
  const client = new Worker(PORTAL_CLIENT, { eval: true, workerData: { base, cookie, csrf, chunk } });
  cleanup.push(() => void client.terminate());
  const viaPortal = (msg: Record<string, unknown>) =>
    new Promise<number>((ok, fail) => {
      client.once('message', (m: { ms?: number; error?: string }) =>
        m.error === undefined ? ok((m.ms ?? 0) / 1000) : fail(new Error(m.error)),
      );
      client.postMessage(msg);
    });
  const portalUpload = (name: string) => viaPortal({ op: 'upload', source, dir: remoteDir, name, size: bytes });
  const portalDownload = (name: string, to: string) => viaPortal({ op: 'download', path: `${remoteDir}/${name}`, to });

  const rows: [string, number[]][] = [
    ['upload: scp', []],
    ['upload: portal API', []],
    ['download: scp', []],
    ['download: portal API', []],
  ];
  const round = async () => [
    await timed(() => execFileSync('scp', [...sshOpts, source, `alice@127.0.0.1:${remoteDir}/scp.bin`])),
    await portalUpload('portal.bin'),
    await timed(() => execFileSync('scp', [...sshOpts, `alice@127.0.0.1:${remoteDir}/scp.bin`, join(local, 'scp-back.bin')])),
    await portalDownload('portal.bin', join(local, 'portal-back.bin')),
  ];
  // One round first, not counted: the first portal upload pays for compiling the server's and the
  // client's code paths, which says nothing about throughput; scp gets the same warm-up.
  await round();
  const runs = Math.max(3, RUNS);
  for (let r = 0; r < runs; r++) (await round()).forEach((seconds, i) => rows[i]?.[1].push(seconds));
  for (const f of [
    join(remoteDir, 'scp.bin'),
    join(remoteDir, 'portal.bin'),
    join(local, 'scp-back.bin'),
    join(local, 'portal-back.bin'),
  ])
    if ((await sha(f)) !== want) throw new Error(`${f} differs from the source`);

  const mb = bytes / 1024 / 1024;
  const rate = (s: number) => mb / s;
  say(
    `\n${mb} MiB file in ${chunk / 1024 / 1024} MiB chunks, ssh to 127.0.0.1:2222 as alice, ${runs} runs interleaved after one warm-up round, MiB/s (median; best; all):`,
  );
  for (const [label, xs] of rows)
    say(
      `${label.padEnd(24)} ${rate(median(xs)).toFixed(0)}  (${rate(best(xs)).toFixed(0)}; ${xs.map((x) => rate(x).toFixed(0)).join(', ')})`,
    );
  const ratio = (portal: number[], scp: number[]) => `${((median(scp) / median(portal)) * 100).toFixed(0)}%`;
  say(
    `portal / scp: upload ${ratio(rows[1]?.[1] ?? [], rows[0]?.[1] ?? [])}, download ${ratio(rows[3]?.[1] ?? [], rows[2]?.[1] ?? [])}`,
  );
  say(`load average: ${load()}`);
};

await main();
