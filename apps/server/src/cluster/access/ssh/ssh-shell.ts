import type { ShellOptions, ShellSession } from '../types.js';
import { toSshUnavailable } from './ssh-errors.js';
import { type ExecChannel, openExec } from './ssh-exec.js';
import type { SshConnection } from './ssh-pool.js';
import { quoteWord } from './shell-quote.js';

const wrap = ({ channel, exitCode: status }: ExecChannel): ShellSession => {
  let exitCode: number | null | undefined;
  const listeners: ((code: number | null) => void)[] = [];
  channel.on('close', () => {
    exitCode = status();
    for (const l of listeners) l(exitCode);
  });
  // The pty merges stderr into the output; anything else on stderr still reaches the terminal.
  channel.stderr.on('data', (d: Buffer) => channel.push(d));
  return {
    output: channel,
    write: (data) => {
      if (exitCode === undefined) channel.write(data);
    },
    resize: (cols, rows) => {
      if (exitCode === undefined) channel.setWindow(Math.max(1, rows), Math.max(1, cols), 0, 0);
    },
    close: () => {
      if (exitCode === undefined) channel.close();
    },
    onExit: (l) => {
      if (exitCode !== undefined) l(exitCode);
      else listeners.push(l);
    },
  };
};

/**
 * An interactive login shell on the user's connection. With a folder, the login shell is started
 * there by `cd <dir> && exec $SHELL -l` on a pty (nothing is typed into the user's terminal).
 */
export const openSshShell = async (conn: SshConnection, opts: ShellOptions): Promise<ShellSession> => {
  const pty = { term: 'xterm-256color', cols: opts.cols, rows: opts.rows };
  if (opts.cwd) return wrap(await openExec(conn, `cd ${quoteWord(opts.cwd)} && exec "$SHELL" -l`, pty));
  const shell = await new Promise<ExecChannel>((resolve, reject) =>
    conn.client.shell(pty, (err, channel) => {
      if (err) {
        reject(toSshUnavailable(err, 'shell'));
        return;
      }
      let code: number | null = null;
      channel.on('exit', (c: unknown) => (code = typeof c === 'number' ? c : null));
      resolve({ channel: conn.hold(channel), exitCode: () => code });
    }),
  );
  return wrap(shell);
};
