import { ShellCloseCode, ShellServerMessage, shellSocketPath } from '@portal/shared';
import { HEARTBEAT, reconnectDelay } from './reconnect-policy';

export type ShellState = 'connecting' | 'open' | 'reconnecting' | 'ended';

/** Why a shell ended, as the page explains it. */
export type EndReason = 'exit' | 'gone' | 'replaced' | 'signedOut' | 'shutdown';

export interface ShellConnectionEvents {
  output(data: Uint8Array): void;
  state(state: ShellState, end?: { reason: EndReason; exitCode?: number | null }): void;
}

/** What the connection uses of a WebSocket: the browser's has it all, a test's stand-in only this. */
export interface ShellSocket {
  readonly readyState: number;
  binaryType: BinaryType;
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  send(data: string | Uint8Array<ArrayBuffer>): void;
  close(code?: number, reason?: string): void;
}

/** What the connection needs from the browser; tests hand in fakes. */
export interface ShellConnectionEnv {
  WebSocket: new (url: string) => ShellSocket;
  /** ws:// or wss:// and the host of the page. */
  socketUrl(path: string): string;
  now(): number;
}

export const browserEnv = (): ShellConnectionEnv => ({
  WebSocket: window.WebSocket,
  socketUrl: (path) => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${path}`,
  now: () => Date.now(),
});

const END_BY_CODE: Partial<Record<number, EndReason>> = {
  [ShellCloseCode.notFound]: 'gone',
  [ShellCloseCode.replaced]: 'replaced',
  [ShellCloseCode.signedOut]: 'signedOut',
  [ShellCloseCode.shutdown]: 'shutdown',
};

const encoder = new TextEncoder();
/** Keystrokes kept before the first attach: a generous paste, not an unbounded queue. */
const EARLY_MAX_CHUNKS = 1000;
/** WebSocket.OPEN, without depending on the global (tests run without one). */
const OPEN = 1;

/**
 * The page's side of one shell: attaches its WebSocket, re-attaches after a drop (counting the
 * output bytes already shown, so the server replays exactly the rest), keeps a heartbeat, and
 * says when the shell has ended for good.
 */
export class ShellConnection {
  private socket: ShellSocket | null = null;
  private received = 0;
  private size: { cols: number; rows: number } | null = null;
  private droppedAt: number | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private deadTimer: ReturnType<typeof setTimeout> | undefined;
  private ended = false;
  /** Typed before the first attach (the window just opened): sent once the socket is open. */
  private early: Uint8Array<ArrayBuffer>[] | null = [];

  constructor(
    readonly sessionId: string,
    private readonly graceMs: number,
    private readonly events: ShellConnectionEvents,
    private readonly env: ShellConnectionEnv = browserEnv(),
  ) {}

  start(): void {
    this.events.state('connecting');
    this.connect();
  }

  /**
   * Keystrokes and pastes. Typed before the first attach they wait for it (people type as soon as
   * the window shows); typed while a dropped connection is down they are dropped, as on a real
   * line, since replaying them blindly later could run a command the user gave up on.
   */
  send(data: string): void {
    this.sendBytes(encoder.encode(data));
  }

  sendBytes(data: Uint8Array<ArrayBuffer>): void {
    if (this.socket?.readyState === OPEN) this.socket.send(data);
    else if (this.early && this.early.length < EARLY_MAX_CHUNKS) this.early.push(data);
  }

  resize(cols: number, rows: number): void {
    this.size = { cols, rows };
    this.control({ type: 'resize', cols, rows });
  }

  /** The network is back (the browser's 'online' event): try at once instead of waiting out the backoff. */
  retryNow(): void {
    if (this.ended || this.socket || this.retryTimer === undefined) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.connect();
  }

  /** The page goes away: stop everything; the server keeps the shell for its grace period. */
  dispose(): void {
    this.ended = true;
    this.stopTimers();
    const s = this.socket;
    this.socket = null;
    s?.close(1000);
  }

  private connect(): void {
    const socket = new this.env.WebSocket(this.env.socketUrl(shellSocketPath(this.sessionId, this.received)));
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.droppedAt = null;
      if (this.size) this.control({ type: 'resize', ...this.size });
      for (const chunk of this.early ?? []) socket.send(chunk);
      this.early = null;
      this.startHeartbeat();
      this.events.state('open');
    };
    socket.onmessage = (ev: MessageEvent) => this.onMessage(ev.data);
    socket.onclose = (ev: CloseEvent) => this.onClose(socket, ev.code);
  }

  private onMessage(data: unknown): void {
    this.alive();
    // binaryType is 'arraybuffer': every frame that is not text is terminal output.
    if (typeof data !== 'string') {
      const bytes = new Uint8Array(data as ArrayBuffer);
      this.received += bytes.byteLength;
      this.events.output(bytes);
      return;
    }
    const msg = ShellServerMessage.safeParse(safeJson(data));
    if (msg.success && msg.data.type === 'exit') this.end('exit', msg.data.code);
  }

  private onClose(socket: ShellSocket, code: number): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.stopTimers();
    if (this.ended) return;
    const reason = END_BY_CODE[code];
    if (reason) {
      this.end(reason);
      return;
    }
    // Dropped without an answer: the shell is still there, waiting for us.
    this.droppedAt ??= this.env.now();
    const wait = reconnectDelay(this.attempt++, this.env.now() - this.droppedAt, this.graceMs);
    if (wait === null) {
      this.end('gone');
      return;
    }
    this.events.state('reconnecting');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connect();
    }, wait);
  }

  private end(reason: EndReason, exitCode?: number | null): void {
    if (this.ended) return;
    this.ended = true;
    this.early = null;
    this.stopTimers();
    this.events.state('ended', { reason, ...(exitCode !== undefined ? { exitCode } : {}) });
  }

  private control(msg: object): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(msg));
  }

  private startHeartbeat(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      this.control({ type: 'ping' });
      this.deadTimer ??= setTimeout(() => {
        // Nothing came back: a half-open connection. Its close handshake could take minutes, so
        // the page does not wait for it and re-attaches at once.
        this.deadTimer = undefined;
        const dead = this.socket;
        if (!dead) return;
        dead.close();
        this.onClose(dead, 1006);
      }, HEARTBEAT.timeoutMs);
    }, HEARTBEAT.everyMs);
  }

  /** Any frame proves the connection alive. */
  private alive(): void {
    clearTimeout(this.deadTimer);
    this.deadTimer = undefined;
  }

  private stopTimers(): void {
    clearInterval(this.pingTimer);
    clearTimeout(this.deadTimer);
    clearTimeout(this.retryTimer);
    this.pingTimer = this.deadTimer = this.retryTimer = undefined;
  }
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};
