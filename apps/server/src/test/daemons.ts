import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { createServer } from 'node:net';

/*
 * Starting real daemons for tests (node_exporter, Prometheus, chronyd): a free loopback port, a
 * check that the program is installed, the child with the tail of its output, and a wait for it
 * to answer with a generous timeout.
 */

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });

/** A UDP port nothing listens on now (a BMC, an NTP server). */
export const freeUdpPort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createSocket('udp4');
    s.once('error', reject);
    s.bind(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

export const need = (program: string, pkg: string) => {
  if (spawnSync(program, ['--version'], { stdio: 'ignore' }).status !== 0)
    throw new Error(`${program} is missing: apt-get install ${pkg} (scripts/test-all.sh installs it)`);
};

export const running = (
  program: string,
  args: string[],
  env: Record<string, string> = {},
): { child: ChildProcess; exited: Promise<void>; output: () => string } => {
  const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
  let output = '';
  child.stderr?.on('data', (d: Buffer) => {
    output = (output + d.toString()).slice(-4000);
  });
  child.once('error', () => undefined);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, exited, output: () => output };
};

export const waitFor = async (what: string, ok: () => Promise<boolean>, output: () => string, timeoutMs = 60_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await ok().catch(() => false))) {
    if (Date.now() > end) throw new Error(`${what} did not come up within ${timeoutMs / 1000} s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};
