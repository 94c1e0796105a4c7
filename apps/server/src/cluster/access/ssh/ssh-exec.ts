import { PassThrough, type Readable, Writable } from 'node:stream';
import type { ClientChannel, PseudoTtyOptions } from 'ssh2';
import { CommandFailedError, type CommandResult, type RunOptions } from '../command-runner.js';
import { SshUnavailableError } from '../types.js';
import { fromStderr } from '../errors.js';
import { toSshUnavailable } from './ssh-errors.js';
import type { SshConnection } from './ssh-pool.js';
import { quoteWord, shellQuote } from './shell-quote.js';

/**
 * The command string for argv: optional `cd`, a fixed C locale and the caller's variables
 * through `env`, every word quoted by shellQuote.
 */
export const commandLine = (
  argv: string[],
  opts: { cwd?: string | undefined; env?: Record<string, string> | undefined } = {},
): string => {
  const vars = Object.entries({ LC_ALL: 'C', ...opts.env }).map(([k, v]) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(k)) throw new CommandFailedError(`not a variable name: ${k}`);
    return `${k}=${v}`;
  });
  const run = `exec ${shellQuote(['env', ...vars, ...argv])}`;
  return opts.cwd ? `cd ${quoteWord(opts.cwd)} && ${run}` : run;
};

/** An exec channel and its exit status. */
export interface ExecChannel {
  channel: ClientChannel;
  /** The exit status once the command ended (null: killed by a signal, or not yet). */
  exitCode(): number | null;
}

/**
 * Opens an exec channel on the connection (counted as busy until it closes). The exit status is
 * caught inside ssh2's callback: for a quick command, the status can arrive in the same packet
 * batch as the channel confirmation, before an awaiting caller could listen.
 */
export const openExec = (conn: SshConnection, command: string, pty?: PseudoTtyOptions): Promise<ExecChannel> =>
  new Promise((resolve, reject) => {
    conn.client.exec(command, pty ? { pty } : {}, (err, channel) => {
      if (err) {
        reject(toSshUnavailable(err, 'exec'));
        return;
      }
      let code: number | null = null;
      channel.on('exit', (c: unknown) => (code = typeof c === 'number' ? c : null));
      resolve({ channel: conn.hold(channel), exitCode: () => code });
    });
  });

/** Runs a command to its end, like runProcess: input, timeout, bounded output. */
export const execCollect = async (
  conn: SshConnection,
  command: string,
  opts: RunOptions = {},
  name = 'command',
): Promise<CommandResult> => {
  const { channel, exitCode } = await openExec(conn, command);
  return new Promise<CommandResult>((resolve, reject) => {
    const limit = opts.maxOutputBytes ?? 64 * 1024 * 1024;
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    channel.on('data', (b: Buffer) => {
      if (opts.onOutput) opts.onOutput(b);
      else if (outBytes < limit) out.push(b.subarray(0, limit - outBytes));
      outBytes += b.length;
    });
    channel.stderr.on('data', (b: Buffer) => err.push(b));
    const timer = opts.timeoutMs
      ? setTimeout(() => {
          channel.close();
          reject(new CommandFailedError(`${name} did not finish within ${opts.timeoutMs} ms`));
        }, opts.timeoutMs)
      : undefined;
    channel.on('close', () => {
      clearTimeout(timer);
      resolve({
        code: exitCode() ?? -1,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      });
    });
    channel.end(opts.input ?? '');
  });
};

/**
 * A command's standard output as a stream that ends only when the command succeeded (a tar that
 * failed midway must not look like a complete archive); closing the stream ends the command.
 */
export const execStream = async (conn: SshConnection, command: string, what: string): Promise<Readable> => {
  const { channel, exitCode } = await openExec(conn, command);
  const out = new PassThrough();
  let stderr = '';
  channel.stderr.on('data', (b: Buffer) => (stderr = (stderr + b.toString()).slice(-4096)));
  channel.pipe(out, { end: false });
  channel.on('close', () => (exitCode() === 0 ? out.end() : out.destroy(fromStderr(stderr, what))));
  out.on('close', () => channel.close());
  channel.end();
  return out;
};

/**
 * A command's standard input as a Writable that finishes only once the command exited 0 (so an
 * upload counts as stored when the remote `dd` has written it); destroying it ends the command.
 */
export const execWritable = async (conn: SshConnection, command: string, what: string): Promise<Writable> => {
  const { channel, exitCode } = await openExec(conn, command);
  let stderr = '';
  channel.stderr.on('data', (b: Buffer) => (stderr = (stderr + b.toString()).slice(-4096)));
  channel.resume();
  const closed = new Promise<void>((resolve) => channel.once('close', () => resolve()));
  let ending = false;
  const out = new Writable({
    write(chunk: Buffer, _enc, cb) {
      if (channel.write(chunk)) cb();
      else channel.once('drain', () => cb());
    },
    final(cb) {
      ending = true;
      channel.end();
      void closed.then(() => cb(exitCode() === 0 ? null : fromStderr(stderr, what)));
    },
    destroy(err, cb) {
      if (exitCode() === null) channel.close();
      cb(err);
    },
  });
  // The command gone before its input ended (killed, connection lost): bytes it accepted may be
  // lost, so the writer fails instead of swallowing more. Without a reason on stderr it counts as
  // the node failing (the client retries).
  void closed.then(() => {
    if (ending || out.destroyed) return;
    out.destroy(stderr ? fromStderr(stderr, what) : new SshUnavailableError('node', `${what}: the command ended early`));
  });
  return out;
};
