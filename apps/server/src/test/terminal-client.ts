import type { FastifyInstance } from 'fastify';
import { shellSocketPath, ShellServerMessage } from '@portal/shared';
import type { TestClient } from './harness.js';

/*
 * A browser-like client of the web shell's WebSocket, through @fastify/websocket's injectWS (the
 * same routing, hooks and protocol as over the network, without a port). It sends the signed-in
 * client's cookies and, like a browser, the page's Origin.
 */

export const ORIGIN = 'http://localhost';

export interface Closed {
  code: number;
  reason: string;
  /** The exit code the server reported before closing, when it did. */
  exit?: number | null;
}

export interface Terminal {
  /** Everything shown so far, as text. */
  readonly text: string;
  /** Output bytes received (what a page sends as `offset` when it attaches again). */
  readonly bytes: number;
  readonly messages: ShellServerMessage[];
  readonly closed: Promise<Closed>;
  type(keys: string): void;
  resize(cols: number, rows: number): void;
  control(msg: unknown): void;
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  /** Drops the connection as a failing network would (no goodbye to the shell). */
  close(): void;
}

const headersOf = (client: TestClient, origin: string | undefined) => {
  const headers: Record<string, string> = { host: 'localhost' };
  if (origin) headers.origin = origin;
  if (client.cookies.size) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return headers;
};

export const attachTerminal = async (
  app: FastifyInstance,
  client: TestClient,
  sessionId: string,
  offset = 0,
  origin: string | undefined = ORIGIN,
): Promise<Terminal> => {
  const chunks: Buffer[] = [];
  const messages: ShellServerMessage[] = [];
  const waiters = new Set<() => void>();
  let resolveClosed: (c: Closed) => void = () => undefined;
  const closed = new Promise<Closed>((r) => (resolveClosed = r));
  const text = () => Buffer.concat(chunks).toString('utf8');

  const ws = await app.injectWS(
    shellSocketPath(sessionId, offset),
    { headers: headersOf(client, origin) },
    {
      // Listeners go on before the handshake ends: the replay follows it at once.
      onInit: (socket) => {
        socket.on('message', (data: Buffer, isBinary: boolean) => {
          if (isBinary) chunks.push(Buffer.from(data));
          else messages.push(ShellServerMessage.parse(JSON.parse(data.toString('utf8'))));
          for (const w of waiters) w();
        });
        socket.on('close', (code: number, reason: Buffer) => {
          const exit = messages.find((m) => m.type === 'exit');
          resolveClosed({ code, reason: reason.toString(), ...(exit ? { exit: exit.code } : {}) });
          for (const w of waiters) w();
        });
      },
    },
  );

  return {
    get text() {
      return text();
    },
    get bytes() {
      return chunks.reduce((n, c) => n + c.length, 0);
    },
    messages,
    closed,
    type: (keys) => ws.send(Buffer.from(keys)),
    resize: (cols, rows) => ws.send(JSON.stringify({ type: 'resize', cols, rows })),
    control: (msg) => ws.send(JSON.stringify(msg)),
    close: () => ws.terminate(),
    waitFor: (wanted, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!text().includes(wanted)) return;
          cleanup();
          resolve();
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no "${wanted}" in the terminal after ${timeoutMs} ms; it shows:\n${text()}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
  };
};

/** The HTTP status a refused handshake got (the upgrade never happens). */
export const refusal = async (
  app: FastifyInstance,
  client: TestClient,
  sessionId: string,
  opts: { origin: string | undefined },
): Promise<number> => {
  try {
    const ws = await app.injectWS(shellSocketPath(sessionId), { headers: headersOf(client, opts.origin) });
    ws.terminate();
    return 101;
  } catch (err) {
    const status = /Unexpected server response: (\d+)/.exec(String(err))?.[1];
    if (!status) throw err;
    return Number(status);
  }
};
