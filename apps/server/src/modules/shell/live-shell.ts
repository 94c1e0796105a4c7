import { ShellClientMessage, ShellCloseCode, type ShellServerMessage, type ShellSessionInfo } from '@portal/shared';
import type { ShellSession } from '../../cluster/access/types.js';
import { OutputRing } from './output-ring.js';
import { OPEN, toBuffer, type WebSocketLike } from '../../http/web-socket.js';

export interface ShellTimings {
  /** How long a shell without a socket waits for one. */
  graceMs: number;
  /** Between pings; a socket that has not answered the previous ping by then is dropped. */
  heartbeatMs: number;
  /** Output kept for re-attaching pages. */
  bufferBytes: number;
}

/**
 * Sends are queued by ws when the network is slower than the shell: past this many bytes the
 * shell's output is paused (the program blocks, as on a real terminal) until the queue drains.
 */
const HIGH_WATER = 1024 * 1024;
const LOW_WATER = 256 * 1024;

const json = (msg: ShellServerMessage) => JSON.stringify(msg);

/**
 * One running shell and the socket (at most one) attached to it. The shell outlives its socket by
 * the grace period, so a page whose connection dropped finds it again; output is kept in a ring
 * meanwhile. Nothing here logs what goes through: keystrokes carry passwords.
 */
export class LiveShell {
  private readonly ring: OutputRing;
  private socket: WebSocketLike | null = null;
  private graceTimer: NodeJS.Timeout | undefined;
  /** undefined while running; the exit code (null for a signal) once the output has drained. */
  private exitCode: number | null | undefined;
  private ended = false;

  constructor(
    readonly id: string,
    /** Portal user id: only this user attaches. */
    readonly ownerId: number,
    readonly info: ShellSessionInfo,
    private readonly term: ShellSession,
    private readonly timings: ShellTimings,
    /** Called once when the shell is gone for good (exited and seen, or abandoned). */
    private readonly onGone: (shell: LiveShell) => void,
  ) {
    this.ring = new OutputRing(timings.bufferBytes);
    term.output.on('data', (chunk: Buffer | string) => this.onOutput(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
    // Report the exit only after the last output: the pty may signal exit before its data is read.
    let exit: number | null | undefined;
    let drained = false;
    const finish = () => {
      if (exit !== undefined && drained) this.onExit(exit);
    };
    term.output.once('end', () => {
      drained = true;
      finish();
    });
    term.output.once('close', () => {
      drained = true;
      finish();
    });
    term.onExit((code) => {
      exit = code;
      finish();
    });
    // Nobody is attached yet: the page that opened the shell gets the grace period to attach.
    this.startGrace();
  }

  get attached(): boolean {
    return this.socket !== null;
  }

  /**
   * Attaches a socket, replacing any other, and replays the output from `offset` (bytes the page
   * has already shown). `stillSignedIn` is asked at every heartbeat: a signed-out user's shell ends.
   */
  attach(socket: WebSocketLike, offset: number, stillSignedIn: () => Promise<boolean>): void {
    if (this.ended) {
      socket.close(ShellCloseCode.notFound, 'no such shell');
      return;
    }
    const previous = this.socket;
    this.socket = socket;
    if (previous) previous.close(ShellCloseCode.replaced, 'attached elsewhere');
    clearTimeout(this.graceTimer);

    const missed = this.ring.since(offset);
    if (missed.length) this.send(socket, missed);
    if (this.exitCode !== undefined) {
      this.sayExit(socket);
      return;
    }

    socket.on('message', (data, isBinary) => this.onMessage(socket, toBuffer(data), isBinary));
    let alive = true;
    socket.on('pong', () => {
      alive = true;
    });
    const heartbeat = setInterval(() => {
      // A socket that did not answer the last ping is dead for us (a proxy dropped it, a laptop slept).
      if (!alive) {
        socket.terminate();
        return;
      }
      alive = false;
      socket.ping();
      void stillSignedIn().then(
        (ok) => {
          if (!ok && this.socket === socket) this.close(ShellCloseCode.signedOut, 'signed out');
        },
        () => undefined,
      );
    }, this.timings.heartbeatMs);
    socket.on('close', () => {
      clearInterval(heartbeat);
      if (this.socket !== socket) return;
      this.socket = null;
      // Never leave the program blocked on a socket that is gone: the ring takes the output now.
      this.term.output.resume();
      this.startGrace();
    });
  }

  /** Ends the shell now: its socket is told why, the program gets SIGHUP. */
  close(code: number = ShellCloseCode.notFound, reason = 'closed'): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.graceTimer);
    const socket = this.socket;
    this.socket = null;
    socket?.close(code, reason);
    this.term.close();
    this.onGone(this);
  }

  private onOutput(chunk: Buffer): void {
    this.ring.push(chunk);
    const socket = this.socket;
    if (socket) this.send(socket, chunk);
  }

  private send(socket: WebSocketLike, data: Buffer): void {
    if (socket.readyState !== OPEN) return;
    socket.send(data, () => {
      if (socket.bufferedAmount < LOW_WATER) this.term.output.resume();
    });
    if (socket.bufferedAmount > HIGH_WATER) this.term.output.pause();
  }

  private onMessage(socket: WebSocketLike, data: Buffer, isBinary: boolean): void {
    if (this.socket !== socket || this.exitCode !== undefined) return;
    if (isBinary) {
      this.term.write(data);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString('utf8'));
    } catch {
      return;
    }
    // Unknown or malformed control messages are ignored, and never logged (they could hold input).
    const msg = ShellClientMessage.safeParse(parsed);
    if (!msg.success) return;
    if (msg.data.type === 'resize') this.term.resize(msg.data.cols, msg.data.rows);
    else if (socket.readyState === OPEN) socket.send(json({ type: 'pong' }));
  }

  private onExit(code: number | null): void {
    if (this.exitCode !== undefined) return;
    this.exitCode = code;
    const socket = this.socket;
    // Unattached: the exit waits in the grace period for the page to come back and see it.
    if (socket) this.sayExit(socket);
  }

  private sayExit(socket: WebSocketLike): void {
    if (socket.readyState === OPEN) socket.send(json({ type: 'exit', code: this.exitCode ?? null }));
    this.ended = true;
    this.socket = null;
    clearTimeout(this.graceTimer);
    socket.close(1000, 'exited');
    this.onGone(this);
  }

  private startGrace(): void {
    clearTimeout(this.graceTimer);
    this.graceTimer = setTimeout(() => this.close(ShellCloseCode.notFound, 'grace period over'), this.timings.graceMs);
    this.graceTimer.unref();
  }
}
