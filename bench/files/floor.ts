/*
 * bench/files: the floor a listing is measured against, timed on the same folder over the same
 * access as the portal's API: over ssh on one ssh2 connection as the same account (each command
 * an exec channel, timed from the request to the channel's close with all output read), locally
 * as a child process. Each command reads the folder the way the label says and prints its result.
 */
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { Client } from 'ssh2';

/** Python 3 of the node (not a shim on PATH). */
const PY = '/usr/bin/python3';

/** os.scandir + folders first + name sort: d_type, no stat (links to folders: a stat each). */
const SCANDIR_SORT =
  'import os,sys\nes=sorted((not e.is_dir(), e.name.lower(), e.name) for e in os.scandir(sys.argv[1]))\nprint(len(es))';
/** A stat of every entry. */
const STAT_ALL = 'import os,sys\nn=0\nfor e in os.scandir(sys.argv[1]):\n  os.lstat(e.path); n+=1\nprint(n)';

/** The floor's commands for a folder: label, argv. */
export const floorCommands = (dir: string): [string, string[]][] => [
  ['floor: `ls -f` (names only)', ['ls', '-f', dir]],
  ['floor: os.scandir + sort, folders first', [PY, '-c', SCANDIR_SORT, dir]],
  ['floor: stat of every entry (os.lstat)', [PY, '-c', STAT_ALL, dir]],
  [
    'floor: find -printf, a stat of every entry',
    ['find', dir, '-mindepth', '1', '-maxdepth', '1', '-printf', '%y\\0%s\\0%T@\\0%m\\0%U\\0%G\\0%f\\0%l\\0'],
  ],
];

const quote = (w: string) => `'${w.replace(/'/g, `'\\''`)}'`;

export interface Runner {
  /** Runs argv to its end, all output read; answers milliseconds. */
  time(argv: string[]): Promise<number>;
  close(): void;
}

export const localRunner = (): Runner => ({
  time: (argv) =>
    new Promise((ok, fail) => {
      const start = performance.now();
      const child = spawn(argv[0] ?? '', argv.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
      child.stdout.resume();
      child.on('error', fail);
      child.on('close', (code) => (code === 0 ? ok(performance.now() - start) : fail(new Error(`${argv[0]} exited ${code}`))));
    }),
  close: () => undefined,
});

export const sshRunner = async (opts: { host: string; port: number; username: string; privateKey: string }): Promise<Runner> => {
  const client = new Client();
  // TCP_NODELAY, as the portal's connection has (bench/README.md).
  const sock = connect({ host: opts.host, port: opts.port });
  sock.setNoDelay(true);
  await new Promise<void>((ok, fail) => {
    client.once('ready', () => ok());
    client.once('error', fail);
    client.connect({ ...opts, sock, readyTimeout: 20_000 });
  });
  return {
    time: (argv) =>
      new Promise((ok, fail) => {
        const start = performance.now();
        client.exec(`exec ${argv.map(quote).join(' ')}`, (err, ch) => {
          if (err) return fail(err);
          let code: number | null = null;
          ch.on('exit', (c: number | null) => (code = c));
          ch.on('data', () => undefined);
          ch.stderr.on('data', (b: Buffer) => process.stderr.write(b));
          ch.on('close', () => (code === 0 ? ok(performance.now() - start) : fail(new Error(`${argv[0]} exited ${code}`))));
        });
      }),
    close: () => client.end(),
  };
};
