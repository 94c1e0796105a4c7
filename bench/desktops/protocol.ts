import type { FpsRound, LatencyRound } from './measure.js';
import type { Encoding } from './viewer.js';

/* What run.ts (the server) and client.ts (the browser and the direct client) tell each other. */

/** The painter's first colour and the one each key press alternates with (0xRRGGBB). */
export const KEY_COLOURS = [0x1f4e8c, 0xe8b020] as const;

/** Clusters of the benchmark's server: the default desktop, and one whose session is the painter. */
export const LOGIN_CLUSTER = 'login';
export const PAINT_CLUSTER = 'paint';

export interface ClientOptions {
  base: string;
  user: string;
  password: string;
  resolution: string;
  /** Encodings of the proxy-cost rounds; the first is also the start phase's. */
  encodings: Encoding[];
  starts: number;
  rounds: number;
  seconds: number;
  samples: number;
  gapMs: number;
  /** Also measure through socat (relay.ts), when it is installed. */
  relay: boolean;
}

/** One start: ms from the Start call to each step. */
export interface StartTiming {
  /** POST .../vncsession answered (Xvnc listens). */
  start: number;
  /** Ticket asked, WebSocket open, RFB handshake to ServerInit. */
  connect: number;
  /** The first full-screen update read (a non-incremental request). */
  firstFrame: number;
  total: number;
  /** From the Start call to the frame showing the session's xterm; null when it did not show within 10 s. */
  xterm: number | null;
}

export interface ProxyRound {
  round: number;
  encoding: Encoding;
  /** Straight on Xvnc's socket, through a plain relay (socat), through the portal's WebSocket proxy. */
  mode: 'direct' | 'relay' | 'proxied';
  latency: LatencyRound;
  fps: FpsRound;
}

export interface ClientResults {
  width: number;
  height: number;
  starts: StartTiming[];
  rounds: ProxyRound[];
}

/** A garbage collection of the server's process: when (ms since the epoch), its pause, whether a full one. */
export interface GcPause {
  at: number;
  ms: number;
  major: boolean;
}

export type ClientMessage =
  { type: 'socketPath'; sessionId: string } | { type: 'results'; results: ClientResults } | { type: 'error'; message: string };

/** Where Xvnc listens and its pid, for the direct viewer; the server's pid, for CPU use. */
export type ServerMessage = { type: 'socketPath'; sessionId: string; path: string; xvncPid: number; serverPid: number };
