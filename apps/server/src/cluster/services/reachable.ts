import { connect } from 'node:net';

/**
 * Whether a host answers on the network, without ICMP (which needs raw sockets): a TCP connection
 * to `port` that is accepted or refused proves the host is up and routable (a refusal is the
 * host's own RST); a timeout or an unreachable network or host does not.
 */
export const reachable = (host: string, port: number, timeoutMs: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once('connect', () => done(true));
    socket.once('error', (e: NodeJS.ErrnoException) => done(e.code === 'ECONNREFUSED'));
  });
