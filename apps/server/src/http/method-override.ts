import type { IncomingMessage } from 'node:http';
import type { Contract } from '@portal/shared';

/*
 * Spec section 7's "POST (method overridable)": a client that can only POST names the method it
 * means in X-HTTP-Method-Override. Routing happens before any hook, so the method is rewritten in
 * Fastify's rewriteUrl, and only for contracts that say `methodOverridable` (a POST is upgraded to
 * the named method; nothing else is). The request remembers that it came as a POST: the
 * cross-site check treats it as the unsafe call it was, even when it now reads as a GET.
 */

export const METHOD_OVERRIDE_HEADER = 'x-http-method-override';
const OVERRIDABLE = new Set(['GET', 'PUT', 'PATCH', 'DELETE']);
const ORIGINAL = Symbol('portal.originalMethod');
const REFUSED = Symbol('portal.methodOverrideRefused');

type Marked = IncomingMessage & { [ORIGINAL]?: string; [REFUSED]?: string };

/** A contract path (/a/:name) as a pattern for the request path. */
const pathPattern = (path: string): RegExp =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]\w*/g, '[^/]+')}/?$`);

/** The rewriteUrl function for Fastify's options: changes the method of overridable calls, never the URL. */
export const methodOverride = (contracts: readonly Contract[]) => {
  const targets = contracts.filter((c) => c.methodOverridable).map((c) => ({ method: c.method, pattern: pathPattern(c.path) }));
  return (req: IncomingMessage): string => {
    const url = req.url ?? '/';
    const given = req.headers[METHOD_OVERRIDE_HEADER];
    if (req.method !== 'POST' || given === undefined) return url;
    const method = String(Array.isArray(given) ? given[0] : given)
      .trim()
      .toUpperCase();
    if (method === 'POST') return url;
    const path = url.split('?')[0] ?? url;
    if (OVERRIDABLE.has(method) && targets.some((t) => t.method === method && t.pattern.test(path))) {
      (req as Marked)[ORIGINAL] = 'POST';
      req.method = method;
    } else {
      (req as Marked)[REFUSED] = method;
    }
    return url;
  };
};

/** The method the client sent (POST for an overridden call). */
export const sentMethod = (req: IncomingMessage): string => (req as Marked)[ORIGINAL] ?? req.method ?? 'GET';

/** The method a POST asked for that this path does not allow to override, if any. */
export const refusedOverride = (req: IncomingMessage): string | undefined => (req as Marked)[REFUSED];
