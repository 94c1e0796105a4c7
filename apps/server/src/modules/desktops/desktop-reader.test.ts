import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalClusterAccess } from '../../cluster/access/local/local-access.js';
import { OPEN, type WebSocketLike } from '../../http/web-socket.js';
import { DesktopReader, pipeDesktop } from './desktop-proxy.js';

/*
 * The desktop's bytes reach the browser intact although local access reads into two reused
 * buffers: a buffer is read into again only once the message sent from it has gone out. A fake
 * browser socket completes its sends late (as a slow link does) and keeps a copy of each message
 * as it was handed over, to compare with the buffer when the send completes.
 */

const TOTAL = 48 * 1024 * 1024;
/** Byte i of the stream: a pattern that shows any byte out of place. */
const patternAt = (i: number) => (i * 31 + (i >>> 16)) & 0xff;

class SlowBrowser implements WebSocketLike {
  readyState = OPEN;
  bufferedAmount = 0;
  received = 0;
  mismatches = 0;
  overwritten = 0;
  maxOut = 0;
  private out = 0;
  private readonly handlers: Record<string, Array<(data: Buffer, isBinary: boolean) => void>> = {};

  send(data: Buffer | string, cb?: (err?: Error) => void): void {
    if (typeof data === 'string') throw new Error('the proxy sends binary messages only');
    const copy = Buffer.from(data);
    for (let i = 0; i < copy.length; i += 4093) if (copy[i] !== patternAt(this.received + i)) this.mismatches++;
    this.received += copy.length;
    this.out++;
    this.maxOut = Math.max(this.maxOut, this.out);
    // Completes on a later turn, after the reader may have asked for more.
    setTimeout(() => {
      if (!copy.equals(data)) this.overwritten++;
      this.out--;
      cb?.();
    }, 1);
  }
  ping(): void {}
  close(): void {
    this.readyState = 3;
    for (const h of this.handlers.close ?? []) h(Buffer.alloc(0), false);
  }
  terminate(): void {}
  /** What the browser says, as ws would hand it to the server. */
  emit(event: 'message', data: Buffer): void {
    for (const h of this.handlers[event] ?? []) h(data, true);
  }
  on(event: string, listener: (data: Buffer, isBinary: boolean) => void): unknown {
    (this.handlers[event] ??= []).push(listener);
    return this;
  }
}

describe('DesktopReader over local access', () => {
  let server: Server | undefined;
  let dir = '';
  afterEach(() => {
    server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('delivers every byte in order, never overwriting a buffer still being sent, and holds the desktop back', async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-reader-'));
    const path = join(dir, 'xvnc.sock');
    const block = Buffer.alloc(TOTAL);
    for (let i = 0; i < TOTAL; i++) block[i] = patternAt(i);
    let desktopDone = false;
    server = createServer((c) => c.end(block, () => (desktopDone = true)));
    await new Promise<void>((resolve) => server?.listen(path, resolve));

    const browser = new SlowBrowser();
    const reader = new DesktopReader(browser);
    const access = new LocalClusterAccess({ homeRoot: dir, separation: 'shared' });
    const stream = await access.openStream({ id: 1, name: 'alice' }, { path }, reader);
    let ended = false;
    const passAll = { push: (chunk: Buffer) => ({ out: chunk }) };
    pipeDesktop(browser, stream, reader, passAll, () => (ended = true));

    await expect.poll(() => ended, { timeout: 60_000, interval: 50 }).toBe(true);
    expect(desktopDone).toBe(true);
    expect(browser.received).toBe(TOTAL);
    expect(browser.mismatches).toBe(0);
    expect(browser.overwritten).toBe(0);
    // Backpressure: never more than the two lent buffers out at once.
    expect(browser.maxOut).toBeLessThanOrEqual(2);
  }, 90_000);

  it("holds the desktop's first words until the pipe listens for the browser's answer", async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-reader-'));
    const path = join(dir, 'xvnc.sock');
    let heard = '';
    server = createServer((c) => {
      c.write('RFB 003.008\n');
      c.on('data', (d: Buffer) => (heard += d.toString()));
    });
    await new Promise<void>((resolve) => server?.listen(path, resolve));

    // A browser that answers at once whatever it is sent, as a VNC client answers the version.
    const browser = new SlowBrowser();
    const send = browser.send.bind(browser);
    browser.send = (data, cb) => {
      send(data, cb);
      setImmediate(() => browser.emit('message', Buffer.from('RFB 003.008\n')));
    };
    const reader = new DesktopReader(browser);
    const access = new LocalClusterAccess({ homeRoot: dir, separation: 'shared' });
    const stream = await access.openStream({ id: 1, name: 'alice' }, { path }, reader);
    // Between opening and piping the route writes its audit line (slow on a busy database).
    await new Promise((r) => setTimeout(r, 200));
    expect(browser.received).toBe(0);
    const passAll = { push: (chunk: Buffer) => ({ out: chunk }) };
    const end = pipeDesktop(browser, stream, reader, passAll, () => {});
    await expect.poll(() => heard, { timeout: 30_000, interval: 20 }).toBe('RFB 003.008\n');
    expect(browser.received).toBe(12);
    end(1000, 'done');
  }, 60_000);
});
