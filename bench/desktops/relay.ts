import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/*
 * The anchor of the proxy's cost: a plain byte relay from a TCP port on loopback to Xvnc's Unix
 * socket (socat, C, 64 KiB reads), one more process and the same TCP hop as the portal's proxy but
 * no WebSocket and no Node. What an extra hop costs on this machine at this moment.
 */

export const hasSocat = (): boolean => spawnSync('sh', ['-c', 'command -v socat'], { stdio: 'ignore' }).status === 0;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export interface Relay {
  port: number;
  pid: number;
  /** Ends socat if it still runs (it exits by itself when its one connection closes). */
  close(): void;
}

/** A relay for one connection. */
export const openRelay = async (socketPath: string): Promise<Relay> => {
  const port = await freePort();
  const socat = spawn(
    'socat',
    ['-b', '65536', `TCP-LISTEN:${port},bind=127.0.0.1,reuseaddr,nodelay`, `UNIX-CONNECT:${socketPath}`],
    { stdio: 'ignore' },
  );
  socat.unref();
  // Not connecting to check: socat serves the first connection only. Listening (state 0A) on 127.0.0.1:port.
  const listening = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')} 00000000:0000 0A`;
  for (let i = 0; i < 100 && !readFileSync('/proc/net/tcp', 'utf8').includes(listening); i++)
    await new Promise((r) => setTimeout(r, 20));
  const close = () => {
    if (socat.exitCode === null && socat.signalCode === null) socat.kill();
  };
  return { port, pid: socat.pid ?? 0, close };
};
