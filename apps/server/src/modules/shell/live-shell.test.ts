import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShellSession } from '../../cluster/access/types.js';
import { LiveShell } from './live-shell.js';
import type { WebSocketLike } from '../../http/web-socket.js';

/*
 * The rules of one shell's life, with a fake terminal and fake sockets on a fake clock: heartbeats,
 * the grace period, replacing a socket, signing out. shell.test.ts runs the same on a real pty.
 */

class FakeTerm implements ShellSession {
  readonly output = new PassThrough();
  readonly written: string[] = [];
  readonly sizes: [number, number][] = [];
  closed = false;
  private exitListeners: ((code: number | null) => void)[] = [];
  write(data: string | Buffer) {
    this.written.push(data.toString());
  }
  resize(cols: number, rows: number) {
    this.sizes.push([cols, rows]);
  }
  close() {
    this.closed = true;
  }
  onExit(l: (code: number | null) => void) {
    this.exitListeners.push(l);
  }
  exit(code: number | null) {
    this.output.end();
    for (const l of this.exitListeners) l(code);
  }
}

class FakeSocket extends EventEmitter implements WebSocketLike {
  readyState = 1;
  bufferedAmount = 0;
  readonly binary: string[] = [];
  readonly text: unknown[] = [];
  pings = 0;
  closedWith: number | undefined;
  terminated = false;
  send(data: Buffer | string, cb?: (err?: Error) => void) {
    if (typeof data === 'string') this.text.push(JSON.parse(data));
    else this.binary.push(data.toString());
    cb?.();
  }
  ping() {
    this.pings++;
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close');
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
  /** What the browser does: keystrokes as binary frames, control as text. */
  type(text: string) {
    this.emit('message', Buffer.from(text), true);
  }
  control(msg: unknown) {
    this.emit('message', Buffer.from(JSON.stringify(msg)), false);
  }
}

const timings = { graceMs: 60_000, heartbeatMs: 25_000, bufferBytes: 1024 };
const info = { sessionId: 's1', clusterId: 'local', clusterName: 'Local', userName: 'u', graceSeconds: 60 };

describe('LiveShell', () => {
  let term: FakeTerm;
  let gone: string[];
  let shell: LiveShell;
  const signedIn = { ok: true };
  beforeEach(() => {
    vi.useFakeTimers();
    term = new FakeTerm();
    gone = [];
    signedIn.ok = true;
    shell = new LiveShell('s1', 7, info, term, timings, (s) => gone.push(s.id));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const attach = (offset = 0) => {
    const socket = new FakeSocket();
    shell.attach(socket, offset, () => Promise.resolve(signedIn.ok));
    return socket;
  };

  it('passes keystrokes to the terminal and output to the socket, and answers resize and ping', () => {
    const socket = attach();
    socket.type('ls\r');
    term.output.write('file-a\r\n');
    socket.control({ type: 'resize', cols: 120, rows: 40 });
    socket.control({ type: 'ping' });
    expect(term.written).toEqual(['ls\r']);
    expect(socket.binary).toEqual(['file-a\r\n']);
    expect(term.sizes).toEqual([[120, 40]]);
    expect(socket.text).toEqual([{ type: 'pong' }]);
  });

  it('ignores malformed control frames instead of typing them', () => {
    const socket = attach();
    socket.emit('message', Buffer.from('not json'), false);
    socket.control({ type: 'resize', cols: 5, rows: 1 });
    socket.control({ type: 'exec', command: 'rm -rf ~' });
    expect(term.written).toEqual([]);
    expect(term.sizes).toEqual([]);
  });

  it('keeps output made while detached and replays exactly what the page has not shown', () => {
    const first = attach();
    term.output.write('one ');
    first.close(1006);
    term.output.write('two ');
    const second = attach(4);
    expect(second.binary).toEqual(['two ']);
    const fresh = attach(0);
    expect(fresh.binary).toEqual(['one two ']);
  });

  it('closes the shell when nobody attaches within the grace period', () => {
    const socket = attach();
    socket.close(1006);
    vi.advanceTimersByTime(59_000);
    expect(term.closed).toBe(false);
    const back = attach();
    back.close(1006);
    vi.advanceTimersByTime(60_001);
    expect(term.closed).toBe(true);
    expect(gone).toEqual(['s1']);
    const late = attach();
    expect(late.closedWith).toBe(4404);
  });

  it('gives a page that never attaches the grace period too', () => {
    vi.advanceTimersByTime(60_001);
    expect(term.closed).toBe(true);
  });

  it('pings, and drops a socket that missed the previous pong', () => {
    const socket = attach();
    vi.advanceTimersByTime(25_000);
    expect(socket.pings).toBe(1);
    socket.emit('pong');
    vi.advanceTimersByTime(25_000);
    expect(socket.pings).toBe(2);
    expect(socket.terminated).toBe(false);
    vi.advanceTimersByTime(25_000);
    expect(socket.terminated).toBe(true);
    // Dropped, not ended: the shell waits for the page to come back.
    expect(term.closed).toBe(false);
    expect(shell.attached).toBe(false);
  });

  it('hands the shell to a new socket and tells the old one why it was dropped', () => {
    const old = attach();
    const now = attach();
    expect(old.closedWith).toBe(4409);
    old.type('stale');
    now.type('fresh');
    expect(term.written).toEqual(['fresh']);
    expect(shell.attached).toBe(true);
  });

  it('ends the shell of a user who signed out', async () => {
    const socket = attach();
    signedIn.ok = false;
    vi.advanceTimersByTime(25_000);
    await vi.runOnlyPendingTimersAsync();
    expect(socket.closedWith).toBe(4401);
    expect(term.closed).toBe(true);
  });

  it('reports the exit after the last output, then closes normally', async () => {
    const socket = attach();
    term.output.write('bye\r\n');
    term.exit(3);
    await vi.advanceTimersByTimeAsync(10);
    expect(socket.binary).toEqual(['bye\r\n']);
    expect(socket.text).toEqual([{ type: 'exit', code: 3 }]);
    expect(socket.closedWith).toBe(1000);
    expect(gone).toEqual(['s1']);
  });

  it('keeps an exit that happened while detached for the page that comes back', async () => {
    const first = attach();
    first.close(1006);
    term.output.write('done\r\n');
    term.exit(0);
    await vi.advanceTimersByTimeAsync(10);
    expect(gone).toEqual([]);
    const back = attach(0);
    expect(back.binary).toEqual(['done\r\n']);
    expect(back.text).toEqual([{ type: 'exit', code: 0 }]);
    expect(back.closedWith).toBe(1000);
    expect(gone).toEqual(['s1']);
  });
});
