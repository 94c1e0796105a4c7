import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

/*
 * The few HTTP pieces the StoreFront client needs, on node:http(s): a request with a deadline, a
 * size limit and a choice of TLS verification, and a cookie jar for StoreFront's session cookies
 * (ASP.NET_SessionId, CsrfToken, CtxsAuthId). Redirects are not followed: StoreFront's API does not
 * send any, so one means a wrong address or a gateway in between.
 */

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Why no answer came: no connection (or TLS refused), too slow, or too large to be StoreFront's. */
export type HttpFailure = 'unreachable' | 'timeout' | 'tooLarge';

export class HttpFailureError extends Error {
  constructor(
    readonly failure: HttpFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  /** Sent as is (the caller sets its content type). */
  body?: string;
  timeoutMs: number;
  rejectUnauthorized: boolean;
  maxBytes: number;
}

export const sendRequest = (r: HttpRequest): Promise<HttpAnswer> =>
  new Promise((resolve, reject) => {
    const payload = r.body === undefined ? undefined : Buffer.from(r.body, 'utf8');
    const headers = { ...r.headers, ...(r.method === 'POST' ? { 'content-length': String(payload?.length ?? 0) } : {}) };
    const onAnswer = (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > r.maxBytes) req.destroy(new HttpFailureError('tooLarge', `answer larger than ${r.maxBytes} bytes`));
        else chunks.push(chunk);
      });
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
      res.on('error', fail);
    };
    const req =
      r.url.protocol === 'https:'
        ? httpsRequest(r.url, { method: r.method, headers, rejectUnauthorized: r.rejectUnauthorized }, onAnswer)
        : httpRequest(r.url, { method: r.method, headers }, onAnswer);
    const timer = setTimeout(
      () => req.destroy(new HttpFailureError('timeout', `no answer within ${r.timeoutMs} ms`)),
      r.timeoutMs,
    );
    function fail(err: Error) {
      clearTimeout(timer);
      reject(err instanceof HttpFailureError ? err : new HttpFailureError('unreachable', err.message));
    }
    req.on('error', fail);
    req.end(payload);
  });

/** StoreFront's cookies for one session: all share the store's path, so every one goes with every call. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes the Set-Cookie headers of an answer; an empty or expired cookie is removed. */
  take(setCookie: readonly string[] | undefined): void {
    for (const line of setCookie ?? []) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', val = ''] = a.split('=').map((s) => s.trim());
        if (/^max-age$/i.test(key)) return Number(val) <= 0;
        if (/^expires$/i.test(key)) return Date.parse(val) < Date.now();
        return false;
      });
      if (value === '' || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** The Cookie header to send ('' when there is none). */
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}
