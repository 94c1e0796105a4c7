import { PassThrough } from 'node:stream';
import pty from 'node-pty';
import type { ShellSession } from '../types.js';

export interface PtyOptions {
  shell: string;
  args: string[];
  cwd: string;
  cols: number;
  rows: number;
  env: Record<string, string>;
}

/** Output held between the pty and its reader before the pty is paused (each side of the stream). */
export const PTY_BUFFER_BYTES = 64 * 1024;

/** How long a closed shell has to end after its hang-up before it is killed. */
const KILL_AFTER_MS = 3_000;

/**
 * A login shell on a local pseudo-terminal, as the server's account.
 *
 * Backpressure: when the reader falls behind (a slow browser: the web shell pauses `output`), the
 * stream's buffer fills, `write` returns false and the pty is paused, so the program blocks on its
 * terminal as it would on a real one instead of its output piling up in the server's memory; the
 * stream's 'drain' resumes it. (node-pty destroys its socket 200 ms after the shell itself exits,
 * dropping what the kernel's pty buffer still holds if it was not read by then: a few KB at most,
 * seen now and then even without pausing. While the shell runs, paused output waits in the pty.)
 */
export const openLocalPty = (o: PtyOptions): ShellSession => {
  const term = pty.spawn(o.shell, o.args, { name: 'xterm-256color', cols: o.cols, rows: o.rows, cwd: o.cwd, env: o.env });
  const output = new PassThrough({ highWaterMark: PTY_BUFFER_BYTES });
  let exitCode: number | null | undefined;
  let paused = false;
  const resume = () => {
    if (!paused) return;
    paused = false;
    term.resume();
  };
  const listeners: ((code: number | null) => void)[] = [];
  term.onData((d) => {
    // node-pty may deliver data after exit; the stream has ended by then.
    if (output.writableEnded) return;
    if (!output.write(d) && !paused) {
      paused = true;
      term.pause();
    }
  });
  output.on('drain', resume);
  term.onExit(({ exitCode: code, signal }) => {
    exitCode = signal ? null : code;
    resume();
    output.end();
    for (const l of listeners) l(exitCode);
  });
  return {
    output,
    write: (data) => term.write(typeof data === 'string' ? data : data.toString('utf8')),
    resize: (cols, rows) => {
      if (exitCode === undefined) term.resize(Math.max(1, cols), Math.max(1, rows));
    },
    close: () => {
      if (exitCode !== undefined) return;
      term.kill('SIGHUP');
      // A shell busy in startup files or one that ignores the hang-up (trap '' HUP) still ends.
      setTimeout(() => {
        if (exitCode === undefined) term.kill('SIGKILL');
      }, KILL_AFTER_MS).unref();
    },
    onExit: (l) => {
      if (exitCode !== undefined) l(exitCode);
      else listeners.push(l);
    },
  };
};
