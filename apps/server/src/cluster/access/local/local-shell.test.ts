import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { ShellSession } from '../types.js';
import { openLocalPty, PTY_BUFFER_BYTES } from './local-shell.js';

const TOTAL = 20 * 1024 * 1024;

/** A pty running `sh -c script` with a minimal environment. */
const run = (script: string) =>
  openLocalPty({
    shell: '/bin/sh',
    args: ['-c', script],
    cwd: tmpdir(),
    cols: 80,
    rows: 24,
    env: { PATH: '/usr/bin:/bin', HOME: tmpdir(), TERM: 'xterm-256color', LANG: 'C.UTF-8' },
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const buffered = (s: ShellSession) =>
  s.output.readableLength + ('writableLength' in s.output ? Number(s.output.writableLength) : 0);

describe('local pty backpressure', () => {
  it('pauses a program whose output nobody reads, and loses nothing once read', async () => {
    // 20 MiB of 'x' (no newlines, so the terminal passes it unchanged), then a marker. The shell
    // lingers after it: node-pty may drop a pty's last few KB when the shell exits unread.
    const shell = run(`head -c ${TOTAL} /dev/zero | tr '\\0' x; printf END; sleep 1`);
    let exited: number | null | undefined;
    shell.onExit((code) => (exited = code));

    // Nobody reads: the stream's buffers stay bounded and the program waits instead of finishing.
    let peak = 0;
    for (let i = 0; i < 20; i++) {
      await sleep(50);
      peak = Math.max(peak, buffered(shell));
    }
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThan(4 * PTY_BUFFER_BYTES);
    expect(exited).toBeUndefined();

    // A reader comes: every byte arrives, in order, and the program ends normally.
    let bytes = 0;
    let tail = '';
    await new Promise<void>((resolve) => {
      shell.output.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        tail = (tail + chunk.toString('latin1')).slice(-8);
      });
      shell.output.once('end', resolve);
    });
    expect(bytes).toBe(TOTAL + 3);
    expect(tail).toBe('xxxxxEND');
    await expect.poll(() => exited).toBe(0);
  }, 60_000);

  it('keeps the buffer bounded while a slow reader pauses and resumes', async () => {
    const shell = run(`head -c ${TOTAL} /dev/zero | tr '\\0' x; sleep 1`);
    let bytes = 0;
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, buffered(shell))), 10);
    shell.output.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      // Like the web shell behind a slow socket: stop reading for a while now and then.
      if (bytes % (4 * 1024 * 1024) < chunk.length) {
        shell.output.pause();
        setTimeout(() => shell.output.resume(), 100);
      }
    });
    await new Promise((resolve) => shell.output.once('end', resolve));
    clearInterval(sampler);
    expect(bytes).toBe(TOTAL);
    expect(peak).toBeLessThan(4 * PTY_BUFFER_BYTES);
  }, 60_000);
});
