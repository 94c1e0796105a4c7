import { readFileSync } from 'node:fs';
import { KEY_COLOURS } from './protocol.js';
import type { Viewer } from './viewer.js';

/*
 * What one RFB connection measures against the painter (painter.ts), the same code for the viewer
 * on Xvnc's socket and for the one through the portal's WebSocket.
 */

/** KeySym of "a": any key makes the painter fill the screen with its other colour. */
const KEY = 0x61;
const UPDATE_TIMEOUT_MS = 10_000;

export const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number) : NaN;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The pixel the checks read: away from the centre, where Xvnc draws the pointer at first. */
const probe = (v: Viewer) => v.pixel(v.width >> 2, v.height >> 2);

/** CPU time (user + system, ms) a process has used so far, from /proc (0 when it is gone). */
export const cpuMs = (pid: number): number => {
  if (pid === process.pid) {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the state), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
};

/** A press and release of a button in the bottom-right corner (1 starts the painter's continuous filling, 3 stops it). */
const click = (v: Viewer, button: 1 | 3) => {
  v.pointer(v.width - 1, v.height - 1, button === 1 ? 1 : 4);
  v.pointer(v.width - 1, v.height - 1, 0);
};

/**
 * Stops the painter's filling (a round before may have been cut short), parks the pointer in the
 * bottom-right corner (Xvnc draws it into the picture) and reads the whole screen.
 */
export const prepare = async (v: Viewer): Promise<number> => {
  click(v, 3);
  // Fills the painter sent before it saw the click land first.
  await sleep(50);
  await v.update(false, UPDATE_TIMEOUT_MS);
  return probe(v);
};

/** Waits until the painter has taken the screen (its first colour), reading full updates. */
export const waitForPainter = async (v: Viewer, timeoutMs = 30_000): Promise<void> => {
  const until = performance.now() + timeoutMs;
  while ((await prepare(v)) !== KEY_COLOURS[0]) {
    if (performance.now() > until) throw new Error('the painter did not take the screen (see the desktop log)');
    await sleep(100);
  }
};

export interface LatencyRound {
  /** Key press sent to the update that shows the new colour, ms. */
  samples: number[];
  /** Samples whose updates did not cover the whole screen. */
  partial: number;
}

/**
 * Input round trip: a key press (down and up) and at once an incremental update request, then
 * updates until the probed pixel shows the painter's other colour. `gapMs` (plus up to one frame
 * of jitter, so samples do not lock to Xvnc's 60 Hz clock) between samples.
 */
export const sampleLatency = async (v: Viewer, samples: number, gapMs: number): Promise<LatencyRound> => {
  const out: LatencyRound = { samples: [], partial: 0 };
  for (let i = 0; i < samples; i++) {
    const before = probe(v);
    const t0 = performance.now();
    v.key(KEY, true);
    v.key(KEY, false);
    let covered = 0;
    while (probe(v) === before) covered += (await v.update(true, UPDATE_TIMEOUT_MS)).area;
    out.samples.push(performance.now() - t0);
    if (covered < v.width * v.height) out.partial++;
    await sleep(gapMs + Math.random() * 17);
  }
  return out;
};

/** CPU time (ms) each process used while frames were counted. */
export interface CpuUse {
  viewer: number;
  /** The process the bytes pass through: the portal's server (its idle use, for direct), socat for the relay. */
  between: number;
  xvnc: number;
}

export interface FpsRound {
  seconds: number;
  frames: number;
  /** Bytes of the updates (headers and pixel data). */
  bytes: number;
  /** Updates that covered the whole screen. */
  fullFrames: number;
  cpu: CpuUse;
  /** When the counting started and ended (ms since the epoch), to match the server's GC pauses. */
  from: number;
  to: number;
}

/**
 * Frames per second while the painter fills the screen continuously: request an incremental
 * update, read it, request the next, for `seconds` (after the first update, which may be older).
 */
export const measureFps = async (v: Viewer, seconds: number, pids: { between: number; xvnc: number }): Promise<FpsRound> => {
  click(v, 1);
  await v.update(true, UPDATE_TIMEOUT_MS);
  const cpu0 = { viewer: cpuMs(process.pid), between: cpuMs(pids.between), xvnc: cpuMs(pids.xvnc) };
  const out: FpsRound = {
    seconds: 0,
    frames: 0,
    bytes: 0,
    fullFrames: 0,
    cpu: { viewer: 0, between: 0, xvnc: 0 },
    from: Date.now(),
    to: 0,
  };
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  while (performance.now() < until) {
    const u = await v.update(true, UPDATE_TIMEOUT_MS);
    out.frames++;
    out.bytes += u.bytes;
    if (u.area >= v.width * v.height) out.fullFrames++;
  }
  out.seconds = (performance.now() - t0) / 1000;
  out.to = Date.now();
  out.cpu = {
    viewer: cpuMs(process.pid) - cpu0.viewer,
    between: cpuMs(pids.between) - cpu0.between,
    xvnc: cpuMs(pids.xvnc) - cpu0.xvnc,
  };
  click(v, 3);
  return out;
};
