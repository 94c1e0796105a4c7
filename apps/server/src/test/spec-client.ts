import { z } from 'zod';
import { parseEnvelope, type TestApp } from './harness.js';

/**
 * A client written from spec section 7 only: form or JSON posts to the .action paths, the
 * session cookie it was given, nothing else (no token, no Origin, no Sec-Fetch-Site).
 */
export class SpecClient {
  private cookie = '';
  constructor(private readonly t: TestApp) {}

  async post(path: string, body: Record<string, string>, headers: Record<string, string> = {}) {
    const res = await this.t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      payload: new URLSearchParams(body).toString(),
    });
    const session = res.cookies.find((c) => c.name === 'portal_sid');
    if (session) this.cookie = `portal_sid=${session.value}`;
    return {
      status: res.statusCode,
      envelope: parseEnvelope(res.body),
      /** The whole answer, spec fields beside the envelope included. */
      body: z.record(z.string(), z.unknown()).parse(JSON.parse(res.body)),
      setsSession: !!session,
    };
  }

  async get(url: string) {
    const res = await this.t.app.inject({ method: 'GET', url, headers: this.cookie ? { cookie: this.cookie } : {} });
    return { status: res.statusCode, envelope: parseEnvelope(res.body) };
  }

  get signedIn() {
    return this.cookie !== '';
  }
}
