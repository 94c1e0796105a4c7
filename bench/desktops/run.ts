/*
 * bench/desktops: remote desktops (issue 14), with the real server (SQLite, local scheduler, local
 * access: as root each portal user is their own POSIX account) on loopback, and a client in a
 * process of its own (client.ts) that does what the browser does.
 *
 * 1. Start to first frame: Start (POST .../vncsession, Xvnc as the user with openbox and xterm),
 *    a ticket, the proxy's WebSocket to ServerInit, and the first full-screen update; --starts
 *    times after one not counted, each desktop deleted after. Also when the session's xterm is
 *    first drawn.
 * 2. The proxy's cost, side by side in one run: a desktop whose session is painter.ts (every
 *    update a full screen), measured by the same RFB viewer (viewer.ts) straight on Xvnc's Unix
 *    socket, through a plain relay (socat, relay.ts: what one more hop costs) and through the
 *    portal's WebSocket, in alternating rounds, with RRE (a full screen in ~20 bytes) and Raw (4
 *    bytes a pixel): input round trip (key press to the update showing the new colour) and frames
 *    per second with incremental requests, and the CPU time of Xvnc, the relay or server, and viewer.
 *
 *   node_modules/.bin/tsx --conditions=source bench/desktops/run.ts [--starts 10] [--rounds 3]
 *     [--seconds 5] [--samples 50] [--gap-ms 30] [--resolution 1280x800] [--encodings rre,raw] [--no-relay]
 */
import { execFileSync, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { DESKTOP_DEFAULT_RESOLUTION, Role } from '@portal/shared';
import { buildApp } from '../../apps/server/src/app.js';
import { parseConfig } from '../../apps/server/src/config/load.js';
import { hashPassword } from '../../apps/server/src/modules/users/password.js';
import { newUserRow } from '../../apps/server/src/modules/users/users.repository.js';
import {
  type ClientMessage,
  type ClientOptions,
  type ClientResults,
  type GcPause,
  LOGIN_CLUSTER,
  PAINT_CLUSTER,
  type ServerMessage,
} from './protocol.js';
import { hasAccount, missingPrograms, processesOf, runningWith } from './host.js';
import { hasSocat } from './relay.js';
import { report } from './report.js';

const { values: args } = parseArgs({
  options: {
    starts: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    samples: { type: 'string', default: '50' },
    'gap-ms': { type: 'string', default: '30' },
    resolution: { type: 'string', default: DESKTOP_DEFAULT_RESOLUTION },
    encodings: { type: 'string', default: 'rre,raw' },
    'no-relay': { type: 'boolean', default: false },
  },
});
const USER = 'bench_desktop';
const PASSWORD = 'Bench_pass1';

const say = (text: string) => process.stderr.write(`${text}\n`);
const stop = (pid: number) => {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
};

const main = async () => {
  const missing = missingPrograms();
  if (missing) throw new Error(missing);
  const root = process.getuid?.() === 0;
  const accountBefore = hasAccount(USER);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-desktops-'));
  // The painter runs as the desktop's session, as the user, with the loader this process runs
  // with (no compile cache: it would stay in /tmp under an account the run removes).
  const painter = [
    '/usr/bin/env',
    'TSX_DISABLE_CACHE=1',
    process.execPath,
    '--import',
    import.meta.resolve('tsx'),
    fileURLToPath(new URL('./painter.ts', import.meta.url)),
  ];
  const config = parseConfig({
    dataDir,
    logLevel: 'silent',
    admin: { password: 'Admin@12345' },
    clusters: [
      { id: LOGIN_CLUSTER, name: 'Login node' },
      { id: PAINT_CLUSTER, name: 'Painter', desktops: { session: painter } },
    ],
  });
  const app = await buildApp({ config, logger: false, webRoot: join(dataDir, 'no-web') });
  let failed = false;
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const now = Date.now();
    const user = await app.services.usersRepo.insert(
      newUserRow(
        {
          user_name: USER,
          password_hash: await hashPassword(PASSWORD),
          role_id: Role.user,
          status: 'active',
          approved_at: now,
          approved_by: 'bench',
        },
        now,
      ),
    );
    const options: ClientOptions = {
      base,
      user: USER,
      password: PASSWORD,
      resolution: args.resolution,
      encodings: args.encodings.split(',').map((e) => {
        if (e !== 'rre' && e !== 'raw') throw new Error(`--encodings: rre or raw, not ${e}`);
        return e;
      }),
      starts: Number(args.starts),
      rounds: Number(args.rounds),
      seconds: Number(args.seconds),
      samples: Number(args.samples),
      gapMs: Number(args['gap-ms']),
      relay: !args['no-relay'] && hasSocat(),
    };
    // The server's garbage collections, matched to the rounds in the report.
    const gc: GcPause[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        // A gc entry's detail.kind tells a full collection; the entry's own type does not declare it.
        const kind = (e.toJSON() as { detail?: { kind?: number } }).detail?.kind;
        gc.push({
          at: performance.timeOrigin + e.startTime,
          ms: e.duration,
          major: kind === constants.NODE_PERFORMANCE_GC_MAJOR,
        });
      }
    });
    observer.observe({ entryTypes: ['gc'] });
    const load = [loadavg()[0] ?? 0];
    const started = new Date();
    say(
      `server on ${base}, data in ${dataDir}, desktops as ${root ? `the POSIX account ${USER}` : 'this account'}; load ${load[0]?.toFixed(2)}`,
    );
    if (!options.relay && !args['no-relay']) say('socat is not installed (apt-get install socat): no plain relay column');
    const results = await new Promise<ClientResults>((resolve, reject) => {
      const child = fork(fileURLToPath(new URL('./client.ts', import.meta.url)), [JSON.stringify(options)], {
        execArgv: process.execArgv,
      });
      let answer: ClientResults | undefined;
      child.on('message', (m: ClientMessage) => {
        if (m.type === 'socketPath') {
          void app.services.db
            .selectFrom('desktop_sessions')
            .select(['socket_path', 'pid'])
            .where('id', '=', m.sessionId)
            .where('user_id', '=', user.id)
            .executeTakeFirstOrThrow()
            .then((row) => {
              const answer: ServerMessage = {
                type: 'socketPath',
                sessionId: m.sessionId,
                path: row.socket_path ?? '',
                xvncPid: row.pid ?? 0,
                serverPid: process.pid,
              };
              child.send(answer);
            });
        } else if (m.type === 'results') answer = m.results;
        else reject(new Error(`the client failed: ${m.message}`));
      });
      child.on('exit', (code) => (answer ? resolve(answer) : reject(new Error(`the client exited (${code}) without results`))));
    });
    load.push(loadavg()[0] ?? 0);
    observer.disconnect();
    process.stdout.write(report(results, { options, started, load, cores: cpus().length, gc }));
  } catch (err) {
    failed = true;
    say(err instanceof Error ? (err.stack ?? err.message) : String(err));
  } finally {
    // Desktops a failure left running: their Xvnc ended, as the node would (the rest of the session follows).
    const open = await app.services.db
      .selectFrom('desktop_sessions')
      .select('pid')
      .where('state', '!=', 'ended')
      .execute()
      .catch(() => []);
    for (const { pid } of open) if (pid !== null) stop(pid);
    await app.close();
    await new Promise((r) => setTimeout(r, 500));
    // Every Xvnc of this run has its password file in the data folder; as root, the account's own processes too.
    const left = [...new Set([...runningWith(dataDir), ...(root ? processesOf(USER) : [])])];
    if (left.length) {
      failed = true;
      say(`still running:\n${left.join('\n')}`);
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (root && !accountBefore && left.length === 0) {
      try {
        execFileSync('userdel', ['--', USER], { stdio: 'ignore' });
      } catch {
        say(`could not remove the POSIX account ${USER} (userdel)`);
      }
    }
  }
  if (failed) process.exitCode = 1;
};

main().catch((err: unknown) => {
  say(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
