import { createRequire } from 'node:module';
import { connect as netConnect } from 'node:net';
import { RfbTransport, type RfbWebSocket, vncAuthResponse } from '../../apps/server/src/test/rfb-client.js';

/*
 * The benchmark's RFB viewer: the test client's transport and authentication
 * (apps/server/src/test/rfb-client.ts) with a choice of encoding, which the test client (Raw only)
 * does not offer. Raw sends every pixel (4 bytes each: 4 MB for a 1280x800 screen); RRE sends a
 * solid rectangle as its colour (20 bytes for the painter's full-screen fill), as noVNC's Tight
 * would. It keeps the picture in a local framebuffer, as a viewer draws it.
 */

export type Encoding = 'raw' | 'rre';
const ENCODING_CODES: Record<Encoding, number> = { raw: 0, rre: 2 };
const ENCODING_DESKTOP_SIZE = -223;

export type ViewerTarget = { path: string } | { host: string; port: number } | { url: string; headers: Record<string, string> };

/** One update as read: pixels it covered and bytes it took on the wire. */
export interface UpdateRead {
  area: number;
  bytes: number;
}

interface WebSocketConstructor {
  new (url: string, protocols: string[], options: { headers?: Record<string, string> }): RfbWebSocket;
}

const open = (target: ViewerTarget): RfbTransport => {
  if ('path' in target) return RfbTransport.fromStream(netConnect(target.path));
  if ('host' in target) return RfbTransport.fromStream(netConnect(target.port, target.host).setNoDelay(true));
  // ws is the server's WebSocket library (through @fastify/websocket); it ships no types of its own.
  const ws: { WebSocket: WebSocketConstructor } = createRequire(import.meta.url)('ws');
  return RfbTransport.fromWebSocket(new ws.WebSocket(target.url, [], { headers: target.headers }));
};

export class Viewer {
  width = 0;
  height = 0;
  /** 4 bytes a pixel: blue, green, red, unused. */
  private framebuffer = Buffer.alloc(0);
  private deadline = 0;

  private constructor(private readonly t: RfbTransport) {}

  static async connect(target: ViewerTarget, password: string, encoding: Encoding): Promise<Viewer> {
    const v = new Viewer(open(target));
    try {
      await v.handshake(password, encoding);
    } catch (err) {
      v.close();
      throw err;
    }
    return v;
  }

  /** 0xRRGGBB of a pixel of the local framebuffer. */
  pixel(x: number, y: number): number {
    const at = 4 * (y * this.width + x);
    return ((this.framebuffer[at + 2] ?? 0) << 16) | ((this.framebuffer[at + 1] ?? 0) << 8) | (this.framebuffer[at] ?? 0);
  }

  key(keysym: number, down: boolean): void {
    const msg = Buffer.alloc(8);
    msg.writeUInt8(4, 0);
    msg.writeUInt8(down ? 1 : 0, 1);
    msg.writeUInt32BE(keysym, 4);
    this.t.write(msg);
  }

  pointer(x: number, y: number, buttons: number): void {
    const msg = Buffer.alloc(6);
    msg.writeUInt8(5, 0);
    msg.writeUInt8(buttons, 1);
    msg.writeUInt16BE(x, 2);
    msg.writeUInt16BE(y, 4);
    this.t.write(msg);
  }

  /** Asks for the whole screen and reads the next update (bell, clipboard and colour map messages in between are skipped). */
  async update(incremental: boolean, timeoutMs = 10_000): Promise<UpdateRead> {
    const request = Buffer.alloc(10);
    request.writeUInt8(3, 0);
    request.writeUInt8(incremental ? 1 : 0, 1);
    request.writeUInt16BE(this.width, 6);
    request.writeUInt16BE(this.height, 8);
    this.t.write(request);
    this.deadline = Date.now() + timeoutMs;
    for (;;) {
      const [type] = await this.read(1);
      if (type === 0) return this.readUpdate();
      if (type === 1) await this.read(6 * (await this.read(5)).readUInt16BE(3));
      else if (type === 3) await this.read((await this.read(7)).readUInt32BE(3));
      else if (type !== 2) throw new Error(`unexpected server message type ${type}`);
    }
  }

  close(): void {
    this.t.close();
  }

  private read(n: number) {
    return this.t.read(n, this.deadline);
  }

  private async handshake(password: string, encoding: Encoding) {
    this.deadline = Date.now() + 20_000;
    const version = (await this.read(12)).toString('latin1');
    if (!version.startsWith('RFB 003.')) throw new Error(`not an RFB server: ${JSON.stringify(version)}`);
    this.t.write(Buffer.from('RFB 003.008\n', 'latin1'));
    const [count = 0] = await this.read(1);
    if (count === 0) throw new Error('the server refused the connection');
    if (![...(await this.read(count))].includes(2)) throw new Error('the server does not offer VNC authentication');
    this.t.write(Buffer.from([2]));
    this.t.write(vncAuthResponse(password, await this.read(16)));
    if ((await this.read(4)).readUInt32BE(0) !== 0) throw new Error('VNC authentication failed');
    this.t.write(Buffer.from([1])); // shared
    const init = await this.read(24);
    this.resize(init.readUInt16BE(0), init.readUInt16BE(2));
    await this.read(init.readUInt32BE(20)); // the desktop's name
    // 32 bits a pixel, depth 24, little endian, true colour, red at 16, green at 8, blue at 0.
    const format = Buffer.from([0, 0, 0, 0, 32, 24, 0, 1, 0, 255, 0, 255, 0, 255, 16, 8, 0, 0, 0, 0]);
    const encodings = Buffer.alloc(12);
    encodings.writeUInt8(2, 0);
    encodings.writeUInt16BE(2, 2);
    encodings.writeInt32BE(ENCODING_CODES[encoding], 4);
    encodings.writeInt32BE(ENCODING_DESKTOP_SIZE, 8);
    this.t.write(Buffer.concat([format, encodings]));
  }

  private async readUpdate(): Promise<UpdateRead> {
    const count = (await this.read(3)).readUInt16BE(1);
    const out = { area: 0, bytes: 4 + 12 * count };
    for (let i = 0; i < count; i++) {
      const head = await this.read(12);
      const [x, y, w, h] = [head.readUInt16BE(0), head.readUInt16BE(2), head.readUInt16BE(4), head.readUInt16BE(6)];
      const encoding = head.readInt32BE(8);
      if (encoding === ENCODING_DESKTOP_SIZE) {
        this.resize(w, h);
        continue;
      }
      if (encoding === ENCODING_CODES.raw) {
        const pixels = await this.read(4 * w * h);
        for (let row = 0; row < h; row++)
          pixels.copy(this.framebuffer, 4 * ((y + row) * this.width + x), 4 * w * row, 4 * w * (row + 1));
        out.bytes += pixels.length;
      } else if (encoding === ENCODING_CODES.rre) {
        const sub = await this.read(8);
        const n = sub.readUInt32BE(0);
        this.fill(x, y, w, h, sub.subarray(4, 8));
        const subs = await this.read(12 * n);
        for (let k = 0; k < n; k++) {
          const s = subs.subarray(12 * k, 12 * (k + 1));
          this.fill(x + s.readUInt16BE(4), y + s.readUInt16BE(6), s.readUInt16BE(8), s.readUInt16BE(10), s.subarray(0, 4));
        }
        out.bytes += 8 + 12 * n;
      } else throw new Error(`unexpected encoding ${encoding}`);
      out.area += w * h;
    }
    return out;
  }

  private fill(x: number, y: number, w: number, h: number, pixel: Buffer) {
    const colour = Buffer.from(pixel);
    if (x === 0 && w === this.width) this.framebuffer.fill(colour, 4 * y * this.width, 4 * (y + h) * this.width);
    else
      for (let row = y; row < y + h; row++)
        this.framebuffer.fill(colour, 4 * (row * this.width + x), 4 * (row * this.width + x + w));
  }

  private resize(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.framebuffer = Buffer.alloc(4 * width * height);
  }
}
