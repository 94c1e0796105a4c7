import { createCipheriv } from 'node:crypto';
import { createRequire } from 'node:module';
import { connect as netConnect } from 'node:net';
import type { Duplex } from 'node:stream';

/*
 * A minimal RFB 3.8 client for tests and benchmarks: VNC authentication, 32-bit true colour, Raw
 * updates kept in a local framebuffer, keys, pointer and clipboard. It speaks to Xvnc's socket
 * directly or to the portal's WebSocket proxy, as noVNC would.
 */

/** The part of a `ws` WebSocket (also what @fastify/websocket's injectWS returns) the client uses. */
export interface RfbWebSocket {
  send(data: Buffer): void;
  close(): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[]) => void): unknown;
  on(event: 'close', listener: (code?: number) => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
}

interface WebSocketConstructor {
  new (url: string, protocols: string[], options: { headers?: Record<string, string> }): RfbWebSocket;
}

/** A byte stream to an RFB server; what arrives waits here until the client reads it. */
export class RfbTransport {
  private readonly chunks: Buffer[] = [];
  private buffered = 0;
  private ended: Error | undefined;
  private wake: (() => void) | undefined;
  private closedWith: (c: { code: number | null }) => void = () => undefined;
  /** Settles when the connection closes, with the WebSocket close code (null for a plain stream). */
  readonly closed = new Promise<{ code: number | null }>((resolve) => (this.closedWith = resolve));

  private constructor(
    readonly write: (data: Buffer) => void,
    readonly close: () => void,
  ) {}

  static fromStream(stream: Duplex): RfbTransport {
    const t = new RfbTransport(
      (data) => stream.write(data),
      () => stream.destroy(),
    );
    stream.on('data', (chunk: Buffer) => t.received(chunk));
    stream.on('error', (err) => t.end(err));
    stream.on('close', () => {
      t.end();
      t.closedWith({ code: null });
    });
    return t;
  }

  /** Listens at once: create it when the socket is made (injectWS's onInit), not after the server spoke. */
  static fromWebSocket(ws: RfbWebSocket): RfbTransport {
    const t = new RfbTransport(
      (data) => ws.send(data),
      () => ws.close(),
    );
    ws.on('message', (data) =>
      t.received(Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)),
    );
    ws.on('error', (err) => t.end(err));
    ws.on('close', (code) => {
      t.end();
      t.closedWith({ code: code ?? null });
    });
    return t;
  }

  /** Exactly `n` bytes, once they have arrived; fails when the connection ends or the deadline passes. */
  async read(n: number, deadline: number): Promise<Buffer> {
    while (this.buffered < n) {
      if (this.ended) throw this.ended;
      await this.waitForData(deadline);
    }
    const first = this.chunks[0];
    if (first && first.length >= n) {
      this.take(first, n);
      return first.subarray(0, n);
    }
    const out = Buffer.allocUnsafe(n);
    for (let at = 0; at < n;) {
      const chunk = this.chunks[0]!;
      const k = chunk.copy(out, at, 0, Math.min(chunk.length, n - at));
      this.take(chunk, k);
      at += k;
    }
    return out;
  }

  private take(chunk: Buffer, n: number) {
    if (n === chunk.length) this.chunks.shift();
    else this.chunks[0] = chunk.subarray(n);
    this.buffered -= n;
  }

  private received(chunk: Buffer) {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    this.wake?.();
  }

  private end(err?: Error) {
    this.ended ??= err ?? new Error('the RFB connection closed');
    this.wake?.();
  }

  private waitForData(deadline: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => {
          this.wake = undefined;
          reject(new Error('timed out waiting for the RFB server'));
        },
        Math.max(0, deadline - Date.now()),
      );
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }
}

export type RfbTarget =
  | RfbTransport
  | { path: string }
  | { host: string; port: number }
  | { url: string; protocols?: string[]; headers?: Record<string, string> };

export interface RfbConnectOptions {
  password: string;
  /** ClientInit's shared-flag; default true. */
  shared?: boolean;
  timeoutMs?: number;
}

/** The server refused the password (SecurityResult failed); `message` is the server's reason. */
export class RfbAuthError extends Error {}

export interface RfbRect {
  x: number;
  y: number;
  width: number;
  height: number;
  encoding: number;
  /** Raw rectangles: 4 bytes a pixel, blue, green, red, unused. */
  pixels?: Buffer;
}

const ENCODING_RAW = 0;
const ENCODING_LAST_RECT = -224;
const ENCODING_DESKTOP_SIZE = -223;
const KEYSYM_RETURN = 0xff0d;
const KEYSYM_TAB = 0xff09;

const reverseBits = (b: number) => {
  let r = 0;
  for (let i = 0; i < 8; i++) r |= ((b >> i) & 1) << (7 - i);
  return r;
};

/** VNC authentication: the challenge encrypted with DES keyed by the password (8 bytes, zero padded, each byte's bits reversed). */
export const vncAuthResponse = (password: string, challenge: Buffer): Buffer => {
  const key = Buffer.alloc(8);
  Buffer.from(password, 'latin1').copy(key, 0, 0, 8);
  for (let i = 0; i < 8; i++) key[i] = reverseBits(key[i]!);
  // OpenSSL 3 keeps single DES in the legacy provider, which Node does not load. Two-key triple
  // DES with both keys equal is single DES: E(D(E(x))) with one key is E(x).
  const cipher = createCipheriv('des-ede-ecb', Buffer.concat([key, key]), null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(challenge), cipher.final()]);
};

/** The keysym X uses for a character: Return for a line end, Latin-1 as is, the rest as Unicode keysyms. */
export const keysymOf = (ch: string): number => {
  if (ch === '\n' || ch === '\r') return KEYSYM_RETURN;
  if (ch === '\t') return KEYSYM_TAB;
  const code = ch.codePointAt(0) ?? 0;
  return code < 0x100 ? code : 0x1000000 | code;
};

const openTarget = (target: RfbTarget): RfbTransport => {
  if (target instanceof RfbTransport) return target;
  if ('path' in target) return RfbTransport.fromStream(netConnect(target.path));
  if ('host' in target) return RfbTransport.fromStream(netConnect(target.port, target.host));
  // ws is the server's WebSocket library (through @fastify/websocket); it ships no types of its own.
  const ws: { WebSocket: WebSocketConstructor } = createRequire(import.meta.url)('ws');
  return RfbTransport.fromWebSocket(new ws.WebSocket(target.url, target.protocols ?? [], { headers: target.headers ?? {} }));
};

export class RfbClient {
  width = 0;
  height = 0;
  name = '';
  /** The screen as the updates read so far drew it: 4 bytes a pixel, blue, green, red, unused. */
  framebuffer = Buffer.alloc(0);
  bells = 0;
  readonly cutTexts: string[] = [];

  private constructor(
    private readonly transport: RfbTransport,
    private readonly timeoutMs: number,
  ) {}

  /** Settles when the connection closes (with the proxy's close code over a WebSocket). */
  get closed(): Promise<{ code: number | null }> {
    return this.transport.closed;
  }

  static async connect(target: RfbTarget, options: RfbConnectOptions): Promise<RfbClient> {
    const client = new RfbClient(openTarget(target), options.timeoutMs ?? 20_000);
    try {
      await client.handshake(options.password, options.shared ?? true);
    } catch (err) {
      client.close();
      throw err;
    }
    return client;
  }

  /** Asks for the whole screen and reads the update; messages in between (bell, clipboard, colour map) are noted. */
  async framebufferUpdate(incremental: boolean, timeoutMs = this.timeoutMs): Promise<RfbRect[]> {
    const request = Buffer.alloc(10);
    request.writeUInt8(3, 0);
    request.writeUInt8(incremental ? 1 : 0, 1);
    request.writeUInt16BE(this.width, 6);
    request.writeUInt16BE(this.height, 8);
    this.transport.write(request);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [type] = await this.read(1, deadline);
      if (type === 0) return this.readUpdate(deadline);
      if (type === 1) {
        const head = await this.read(5, deadline);
        await this.read(6 * head.readUInt16BE(3), deadline);
      } else if (type === 2) this.bells++;
      else if (type === 3) {
        const head = await this.read(7, deadline);
        this.cutTexts.push((await this.read(head.readUInt32BE(3), deadline)).toString('latin1'));
      } else throw new Error(`unexpected server message type ${type}`);
    }
  }

  /** The colour of a pixel of the local framebuffer. */
  pixel(x: number, y: number): { r: number; g: number; b: number } {
    const at = 4 * (y * this.width + x);
    return { r: this.framebuffer[at + 2] ?? 0, g: this.framebuffer[at + 1] ?? 0, b: this.framebuffer[at] ?? 0 };
  }

  keyEvent(keysym: number, down: boolean): void {
    const msg = Buffer.alloc(8);
    msg.writeUInt8(4, 0);
    msg.writeUInt8(down ? 1 : 0, 1);
    msg.writeUInt32BE(keysym, 4);
    this.transport.write(msg);
  }

  /** Presses and releases the key of each character in turn. */
  typeText(text: string): void {
    for (const ch of text) {
      this.keyEvent(keysymOf(ch), true);
      this.keyEvent(keysymOf(ch), false);
    }
  }

  pointerEvent(x: number, y: number, buttonMask: number): void {
    const msg = Buffer.alloc(6);
    msg.writeUInt8(5, 0);
    msg.writeUInt8(buttonMask, 1);
    msg.writeUInt16BE(x, 2);
    msg.writeUInt16BE(y, 4);
    this.transport.write(msg);
  }

  /** ClientCutText: the client's clipboard, Latin-1. */
  cutText(text: string): void {
    const data = Buffer.from(text, 'latin1');
    const head = Buffer.alloc(8);
    head.writeUInt8(6, 0);
    head.writeUInt32BE(data.length, 4);
    this.transport.write(Buffer.concat([head, data]));
  }

  close(): void {
    this.transport.close();
  }

  private read(n: number, deadline: number) {
    return this.transport.read(n, deadline);
  }

  private async handshake(password: string, shared: boolean) {
    const deadline = Date.now() + this.timeoutMs;
    const version = (await this.read(12, deadline)).toString('latin1');
    if (!version.startsWith('RFB 003.')) throw new Error(`not an RFB server: ${JSON.stringify(version)}`);
    this.transport.write(Buffer.from('RFB 003.008\n', 'latin1'));
    const [count = 0] = await this.read(1, deadline);
    if (count === 0) throw new Error(`the server refused the connection: ${await this.readReason(deadline)}`);
    const types = [...(await this.read(count, deadline))];
    if (!types.includes(2)) throw new Error(`the server does not offer VNC authentication (types ${types.join(', ')})`);
    this.transport.write(Buffer.from([2]));
    this.transport.write(vncAuthResponse(password, await this.read(16, deadline)));
    if ((await this.read(4, deadline)).readUInt32BE(0) !== 0) throw new RfbAuthError(await this.readReason(deadline));
    this.transport.write(Buffer.from([shared ? 1 : 0]));

    const init = await this.read(24, deadline);
    this.resize(init.readUInt16BE(0), init.readUInt16BE(2));
    this.name = (await this.read(init.readUInt32BE(20), deadline)).toString('utf8');
    // 32 bits a pixel, depth 24, little endian, true colour, 8 bits of red at 16, green at 8, blue at 0.
    const format = Buffer.from([0, 0, 0, 0, 32, 24, 0, 1, 0, 255, 0, 255, 0, 255, 16, 8, 0, 0, 0, 0]);
    const encodings = Buffer.alloc(12);
    encodings.writeUInt8(2, 0);
    encodings.writeUInt16BE(2, 2);
    encodings.writeInt32BE(ENCODING_RAW, 4);
    encodings.writeInt32BE(ENCODING_DESKTOP_SIZE, 8);
    this.transport.write(Buffer.concat([format, encodings]));
  }

  private async readReason(deadline: number) {
    const length = (await this.read(4, deadline)).readUInt32BE(0);
    return (await this.read(length, deadline)).toString('utf8');
  }

  private async readUpdate(deadline: number): Promise<RfbRect[]> {
    const count = (await this.read(3, deadline)).readUInt16BE(1);
    const rects: RfbRect[] = [];
    for (let i = 0; i < count; i++) {
      const head = await this.read(12, deadline);
      const rect: RfbRect = {
        x: head.readUInt16BE(0),
        y: head.readUInt16BE(2),
        width: head.readUInt16BE(4),
        height: head.readUInt16BE(6),
        encoding: head.readInt32BE(8),
      };
      if (rect.encoding === ENCODING_LAST_RECT) break;
      rects.push(rect);
      if (rect.encoding === ENCODING_DESKTOP_SIZE) this.resize(rect.width, rect.height);
      else if (rect.encoding === ENCODING_RAW) {
        rect.pixels = await this.read(4 * rect.width * rect.height, deadline);
        this.draw(rect, rect.pixels);
      } else throw new Error(`unexpected encoding ${rect.encoding}: only Raw and DesktopSize were asked for`);
    }
    return rects;
  }

  private resize(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.framebuffer = Buffer.alloc(4 * width * height);
  }

  private draw(rect: RfbRect, pixels: Buffer) {
    const row = 4 * rect.width;
    for (let y = 0; y < rect.height; y++) {
      pixels.copy(this.framebuffer, 4 * ((rect.y + y) * this.width + rect.x), y * row, (y + 1) * row);
    }
  }
}
