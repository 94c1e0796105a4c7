import { connect } from 'node:net';
import type { ServiceProbe } from './probe.js';

/** RFC 4253 section 4.2: the server's first line is its identification, at most 255 bytes. */
const BANNER = /^SSH-2\.0-[^\r\n]*|^SSH-1\.99-[^\r\n]*/m;
const BANNER_MAX_BYTES = 8192;

/**
 * Whether an SSH server answers at host:port: connects and waits for its identification line
 * (RFC 4253 allows other lines before it), then closes without starting a key exchange, so the
 * check leaves no login attempt in the server's log and needs no credentials.
 */
export const probeSshBanner = (name: string, host: string, port: number, timeoutMs: number): Promise<ServiceProbe> =>
  new Promise((resolve) => {
    let seen = '';
    let settled = false;
    const socket = connect({ host, port });
    const finish = (ok: boolean, detail: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ name, ok, detail });
    };
    const timer = setTimeout(() => finish(false, `no SSH answer within ${Math.round(timeoutMs / 1000)} s`), timeoutMs);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      seen += chunk;
      const banner = BANNER.exec(seen);
      if (banner) finish(true, banner[0].trim());
      else if (seen.length > BANNER_MAX_BYTES) finish(false, 'answered, but not as an SSH server');
    });
    socket.on('error', (e: NodeJS.ErrnoException) =>
      finish(false, e.code === 'ECONNREFUSED' ? 'connection refused' : (e.code ?? e.message)),
    );
    socket.on('close', () =>
      finish(false, seen === '' ? 'closed the connection without answering' : 'answered, but not as an SSH server'),
    );
  });
