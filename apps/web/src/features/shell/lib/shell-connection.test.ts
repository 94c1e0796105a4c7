import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ShellConnection, type ShellConnectionEnv, type ShellState } from './shell-connection';

/*
 * The page's side of the shell protocol with a fake WebSocket on a fake clock: what it sends,
 * how it re-attaches after a drop, and when it gives up.
 */

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  binaryType: BinaryType = 'blob';
  sent: (string | Uint8Array)[] = [];
  closedByPage = false;
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string | Uint8Array) {
    this.sent.push(data);
  }
  close() {
    this.closedByPage = true;
  }
  // What the server or the network does:
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  output(text: string) {
    this.onmessage?.({ data: new TextEncoder().encode(text).buffer });
  }
  text(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  controls() {
    return this.sent.filter((s): s is string => typeof s === 'string').map((s) => Control.parse(JSON.parse(s)));
  }
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;

/** A control message the page sent (JSON with a type). */
const Control = z.object({ type: z.string() }).loose();

/** Keystrokes the page sent as binary frames. */
const decoded = (frame: string | Uint8Array | undefined) =>
  frame === undefined || typeof frame === 'string' ? `not a binary frame: ${String(frame)}` : new TextDecoder().decode(frame);

describe('ShellConnection', () => {
  let states: { state: ShellState; end?: unknown }[];
  let shown: string;
  let conn: ShellConnection;
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    states = [];
    shown = '';
    const env: ShellConnectionEnv = {
      // A stand-in for the browser's WebSocket with what ShellConnection uses (ShellSocket).
      WebSocket: FakeSocket,
      socketUrl: (path) => `ws://portal.test${path}`,
      now: () => Date.now(),
    };
    conn = new ShellConnection(
      'abc',
      60_000,
      {
        output: (d) => (shown += new TextDecoder().decode(d)),
        state: (state, end) => states.push(end ? { state, end } : { state }),
      },
      env,
    );
  });
  afterEach(() => {
    conn.dispose();
    vi.useRealTimers();
  });

  it('attaches, sends keystrokes as binary and the size as text, and shows output', () => {
    conn.start();
    conn.resize(100, 30);
    last().open();
    expect(last().url).toBe('ws://portal.test/eshell/api/sessions/abc/ws');
    expect(last().binaryType).toBe('arraybuffer');
    conn.send('ls\r');
    last().output('file-a');
    expect(last().controls()).toEqual([{ type: 'resize', cols: 100, rows: 30 }]);
    expect(decoded(last().sent[1])).toBe('ls\r');
    expect(shown).toBe('file-a');
    expect(states.map((s) => s.state)).toEqual(['connecting', 'open']);
  });

  it('sends what was typed before the first attach once attached, but drops what is typed during a drop', () => {
    conn.start();
    conn.send('early\r');
    last().open();
    expect(decoded(last().sent[0])).toBe('early\r');
    last().drop();
    conn.send('lost\r');
    vi.advanceTimersByTime(500);
    last().open();
    expect(last().sent).toEqual([]);
  });

  it('re-attaches after a drop with the count of bytes shown, and sends its size again', async () => {
    conn.start();
    conn.resize(90, 20);
    last().open();
    last().output('12345');
    last().drop();
    expect(states.at(-1)?.state).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeSocket.all).toHaveLength(2);
    expect(last().url).toBe('ws://portal.test/eshell/api/sessions/abc/ws?offset=5');
    last().open();
    expect(last().controls()).toEqual([{ type: 'resize', cols: 90, rows: 20 }]);
    expect(states.at(-1)?.state).toBe('open');
  });

  it('backs off while the server cannot be reached, and gives up when the grace period is over', async () => {
    conn.start();
    last().open();
    last().drop();
    for (let i = 0; i < 40 && states.at(-1)?.state !== 'ended'; i++) {
      await vi.advanceTimersByTimeAsync(5_000);
      last().drop();
    }
    expect(states.at(-1)).toEqual({ state: 'ended', end: { reason: 'gone' } });
    // About one try per five seconds once backed off, not a storm.
    expect(FakeSocket.all.length).toBeGreaterThan(10);
    expect(FakeSocket.all.length).toBeLessThan(25);
  });

  it('stops at once when the server says the shell is gone or was taken over', () => {
    conn.start();
    last().open();
    last().drop(4404);
    expect(states.at(-1)).toEqual({ state: 'ended', end: { reason: 'gone' } });
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('reports the exit code when the shell exits', () => {
    conn.start();
    last().open();
    last().text({ type: 'exit', code: 2 });
    last().drop(1000);
    expect(states.at(-1)).toEqual({ state: 'ended', end: { reason: 'exit', exitCode: 2 } });
  });

  it('pings, and re-attaches when nothing answers', async () => {
    conn.start();
    last().open();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(last().controls()).toContainEqual({ type: 'ping' });
    last().text({ type: 'pong' });
    await vi.advanceTimersByTimeAsync(20_000);
    // No answer to the second ping within ten seconds: the socket is abandoned and a new one made.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeSocket.all[0]!.closedByPage).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('retries at once when the browser is back online', () => {
    conn.start();
    last().open();
    last().drop();
    conn.retryNow();
    expect(FakeSocket.all).toHaveLength(2);
  });
});
