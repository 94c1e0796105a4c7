/*
 * bench/desktops client: a process of its own, as a browser is (sharing the server's thread would
 * charge the client's work to the proxy). Forked by run.ts with the options as JSON in argv[2];
 * signs in over HTTP, starts desktops through the API, connects through the portal's WebSocket
 * proxy as noVNC does, and straight to Xvnc's Unix socket (its path asked of run.ts, which reads
 * the session's row). Sends its figures back over the IPC channel.
 */
import { deleteDesktop, desktopLog, desktopTicket, loginAuth, startDesktop } from '@portal/shared';
import { measureFps, percentile, prepare, sampleLatency, waitForPainter } from './measure.js';
import {
  type ClientMessage,
  type ClientOptions,
  type ClientResults,
  LOGIN_CLUSTER,
  PAINT_CLUSTER,
  type ProxyRound,
  type ServerMessage,
  type StartTiming,
} from './protocol.js';
import { Page } from './page.js';
import { openRelay } from './relay.js';
import { type Encoding, Viewer } from './viewer.js';

const o: ClientOptions = JSON.parse(process.argv[2] ?? '{}');
const say = (text: string) => process.stderr.write(`${text}\n`);
const send = (m: ClientMessage) => process.send?.(m);

const page = new Page(o.base);

const socketPathOf = (sessionId: string) =>
  new Promise<ServerMessage>((resolve) => {
    const onMessage = (m: ServerMessage) => {
      if (m.sessionId !== sessionId) return;
      process.off('message', onMessage);
      resolve(m);
    };
    process.on('message', onMessage);
    send({ type: 'socketPath', sessionId });
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Where the session's xterm (100x30 at +40+40) is drawn once it is up. */
const XTERM_AT = { x: 200, y: 200 };
const XTERM_WAIT_MS = 10_000;
const XTERM_WHITE = 0xffffff;

/** Start → first frame through the proxy, as a user of the default desktop (openbox and xterm) sees it. */
const timeStart = async (): Promise<StartTiming> => {
  const t0 = performance.now();
  const d = await page.call(startDesktop, { body: { clusterId: LOGIN_CLUSTER, resolution: o.resolution } });
  const t1 = performance.now();
  const c = await page.connect(d.sessionId, o.encodings[0] ?? 'rre');
  try {
    const t2 = performance.now();
    const { area } = await c.update(false);
    const t3 = performance.now();
    if (area < c.width * c.height) throw new Error(`the first update covered ${area} of ${c.width * c.height} pixels`);
    // Then until the xterm shows (its white background; the screen behind it is black or the
    // session's xsetroot colour); often already in the first frame.
    let xterm: number | null = null;
    while (xterm === null && performance.now() - t0 < XTERM_WAIT_MS) {
      if (c.pixel(XTERM_AT.x, XTERM_AT.y) === XTERM_WHITE) xterm = performance.now() - t0;
      else await c.update(true, XTERM_WAIT_MS - (performance.now() - t0)).catch(() => undefined);
    }
    return { start: t1 - t0, connect: t2 - t1, firstFrame: t3 - t2, total: t3 - t0, xterm };
  } finally {
    c.close();
    await page.call(deleteDesktop, { params: { sessionId: d.sessionId } });
  }
};

/** Latency, then frames per second, on one connection; `between` is the process the bytes pass through. */
const round = async (
  c: Viewer,
  at: Pick<ProxyRound, 'round' | 'mode' | 'encoding'>,
  pids: { between: number; xvnc: number },
  samples: number,
  seconds: number,
): Promise<ProxyRound> => {
  let step = 'prepare';
  try {
    await prepare(c);
    step = 'latency';
    const latency = await sampleLatency(c, samples, o.gapMs);
    step = 'fps';
    const fps = await measureFps(c, seconds, pids);
    return { ...at, latency, fps };
  } catch (err) {
    throw new Error(`round ${at.round + 1}, ${at.encoding}, ${at.mode}, ${step}: ${String(err)}`);
  } finally {
    c.close();
  }
};

const proxyCost = async (results: ClientResults) => {
  const d = await page.call(startDesktop, { body: { clusterId: PAINT_CLUSTER, resolution: o.resolution } });
  try {
    const { path, xvncPid, serverPid } = await socketPathOf(d.sessionId);
    const { password } = await page.call(desktopTicket, { params: { sessionId: d.sessionId } });
    /** A viewer of each kind, and the process between it and Xvnc (for direct: the server, idle). */
    const connect = async (mode: ProxyRound['mode'], encoding: Encoding) => {
      const none = () => undefined;
      if (mode === 'proxied') return { viewer: await page.connect(d.sessionId, encoding), between: serverPid, done: none };
      if (mode === 'direct')
        return { viewer: await Viewer.connect({ path }, password, encoding), between: serverPid, done: none };
      const relay = await openRelay(path);
      try {
        const viewer = await Viewer.connect({ host: '127.0.0.1', port: relay.port }, password, encoding);
        return { viewer, between: relay.pid, done: relay.close };
      } catch (err) {
        relay.close();
        throw err;
      }
    };
    const first = await Viewer.connect({ path }, password, 'raw');
    try {
      await waitForPainter(first);
    } catch (err) {
      say((await page.call(desktopLog, { params: { sessionId: d.sessionId } })).content);
      throw err;
    } finally {
      first.close();
    }
    [results.width, results.height] = [first.width, first.height];
    const modes: ProxyRound['mode'][] = o.relay ? ['direct', 'relay', 'proxied'] : ['direct', 'proxied'];
    const run = async (r: number, mode: ProxyRound['mode'], encoding: Encoding, samples: number, seconds: number) => {
      const { viewer, between, done } = await connect(mode, encoding);
      try {
        return await round(viewer, { round: r, mode, encoding }, { between, xvnc: xvncPid }, samples, seconds);
      } finally {
        done();
      }
    };
    // Warm-up, not counted: the first connections pay for compiling the paths on both sides.
    for (const encoding of o.encodings) for (const mode of modes) await run(-1, mode, encoding, 10, 1);
    for (let r = 0; r < o.rounds; r++) {
      for (const encoding of o.encodings) {
        // Alternating which goes first, so a drift of the machine's load hits all alike.
        for (const mode of r % 2 === 0 ? modes : [...modes].reverse()) {
          const done = await run(r, mode, encoding, o.samples, o.seconds);
          results.rounds.push(done);
          say(
            `round ${r + 1} ${encoding} ${mode.padEnd(7)}: ${(done.fps.frames / done.fps.seconds).toFixed(1)} updates/s, ` +
              `round trip p50 ${percentile(done.latency.samples, 50).toFixed(1)} ms`,
          );
          await sleep(200);
        }
      }
    }
  } finally {
    await page.call(deleteDesktop, { params: { sessionId: d.sessionId } });
  }
};

const main = async () => {
  await page.call(loginAuth, { body: { strUserName: o.user, strPassword: o.password } });
  const results: ClientResults = { width: 0, height: 0, starts: [], rounds: [] };
  // One start not counted: the first makes the user's POSIX account (done at approval in a real
  // portal) and compiles the server's paths.
  if (o.starts > 0) await timeStart();
  for (let i = 0; i < o.starts; i++) {
    const s = await timeStart();
    results.starts.push(s);
    say(
      `start ${i + 1}/${o.starts}: ${s.total.toFixed(0)} ms to the first frame, ${s.xterm === null ? 'no xterm within 10 s' : `${s.xterm.toFixed(0)} ms to the xterm`}`,
    );
  }
  await proxyCost(results);
  send({ type: 'results', results });
};

main().then(
  () => process.disconnect?.(),
  (err: unknown) => {
    send({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    process.disconnect?.();
  },
);
