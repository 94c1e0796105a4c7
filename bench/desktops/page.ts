import { type Contract, type ContractData, desktopSocketPath, desktopTicket } from '@portal/shared';
import { z } from 'zod';
import { type Encoding, Viewer } from './viewer.js';

/** Any answer of the portal: the envelope around a contract's data. */
const Envelope = z.object({ errCode: z.number(), errMsg: z.string(), data: z.unknown() });

/** Parses with a contract's schema, keeping the schema's output type (also for a generic contract). */
const parseAs = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => schema.parse(value);

/**
 * What the console's page does over real HTTP: keeps the session cookie, sends the CSRF header and
 * its origin, calls endpoints by their contracts, and opens the desktop proxy's WebSocket with a
 * ticket, as noVNC does.
 */
export class Page {
  private readonly cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  private get cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Calls an endpoint; answers its data, or throws with the error envelope. */
  async call<C extends Contract>(
    c: C,
    input: { params?: Record<string, string>; body?: unknown } = {},
  ): Promise<ContractData<C>> {
    const path = c.path.replace(/:([A-Za-z]+)/g, (_, k: string) => encodeURIComponent(input.params?.[k] ?? ''));
    const json: Record<string, string> = input.body === undefined ? {} : { 'content-type': 'application/json' };
    const res = await fetch(this.base + path, {
      method: c.method,
      headers: { cookie: this.cookie, 'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '', origin: this.base, ...json },
      ...(input.body === undefined ? {} : { body: JSON.stringify(input.body) }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const envelope = Envelope.parse(await res.json());
    if (envelope.errCode !== 0) throw new Error(`${c.id}: ${res.status} ${envelope.errCode} ${envelope.errMsg}`);
    return parseAs<C['data']>(c.data, envelope.data);
  }

  /** A ticket, then the proxy's WebSocket with the page's origin and cookie. */
  async connect(sessionId: string, encoding: Encoding): Promise<Viewer> {
    const { ticket, password } = await this.call(desktopTicket, { params: { sessionId } });
    const url = this.base.replace(/^http/, 'ws') + desktopSocketPath(sessionId, ticket);
    return Viewer.connect({ url, headers: { origin: this.base, cookie: this.cookie } }, password, encoding);
  }
}
