/*
 * Where a request comes from: the cross-site request check of every unsafe call, the WebSocket
 * Origin check and the Host check of a loopback-bound server, in one place (docs/api.md "Cross-site
 * requests", docs/shell.md).
 */

/** Methods that change nothing: never refused for where they come from. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The `scheme://host[:port]` of a URL, or null when it is not an http(s) URL. */
export const originOf = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
};

/** The origins configured as trusted (server.trustedOrigins and server.publicUrl), normalized. */
export const trustedOriginSet = (server: { trustedOrigins?: string[] | undefined; publicUrl?: string | undefined }) =>
  new Set(
    [...(server.trustedOrigins ?? []), ...(server.publicUrl ? [server.publicUrl] : [])].map(originOf).filter((o) => o !== null),
  );

export interface RequestOrigin {
  method: string;
  /** The Host header (host[:port]). */
  host: string | undefined;
  origin: string | undefined;
  secFetchSite: string | undefined;
}

/**
 * Why an unsafe request is refused as cross-site, or null when it passes. The design of Go 1.25's
 * net/http.CrossOriginProtection: browsers say where a request comes from (Sec-Fetch-Site, or at
 * least Origin), so no token is needed; a request with neither header is not from a browser (no
 * current browser omits both on a cross-origin request) and passes, which lets scripts and other
 * non-browser clients post with only their session cookie.
 */
export const crossOriginRefusal = (req: RequestOrigin, trusted: ReadonlySet<string>): string | null => {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return null;
  const origin = originOf(req.origin);
  const isTrusted = origin !== null && trusted.has(origin);
  switch (req.secFetchSite) {
    case undefined:
    case '':
      break;
    case 'same-origin':
    case 'none': // typed in the address bar or opened from a bookmark
      return null;
    default: // same-site and cross-site: another origin's page
      return isTrusted ? null : `Sec-Fetch-Site: ${req.secFetchSite}`;
  }
  if (req.origin === undefined || req.origin === '') return null;
  // Only the host can be compared (the Host header has no scheme): browsers that send Origin
  // without Sec-Fetch-Site predate 2023.
  if (origin !== null && req.host !== undefined) {
    const from = new URL(origin);
    if (sameHost(from.host, req.host, from.protocol)) return null;
  }
  return isTrusted ? null : `Origin ${req.origin} is not this server`;
};

/** Whether two host[:port] values name the same place under a scheme (':443' on https is no port). */
const sameHost = (a: string, b: string, protocol: string): boolean => {
  try {
    return new URL(`${protocol}//${a}`).host === new URL(`${protocol}//${b}`).host;
  } catch {
    return false;
  }
};

/**
 * Whether a WebSocket handshake comes from a page of this portal. Browsers send cookies with a
 * cross-site WebSocket handshake (SameSite does not stop a top-level site's script from opening
 * one), so without this check any web site a user visits could open their shell. Browsers always
 * send Origin on WebSocket handshakes; a handshake without one is refused too. With a public URL
 * configured the Origin must be it (scheme and host) or a trusted origin; without one it must be
 * the request's own scheme and Host.
 */
export const isSameOrigin = (
  given: string | undefined,
  /** `protocol` is undefined only on a request without a socket (an injected test request): plain http. */
  req: { host: string | undefined; protocol: string | undefined },
  publicUrl: string | undefined,
  trusted: ReadonlySet<string> = new Set(),
): boolean => {
  const origin = originOf(given);
  if (origin === null || !req.host) return false;
  if (publicUrl) return origin === originOf(publicUrl) || trusted.has(origin);
  return origin === originOf(`${req.protocol ?? 'http'}://${req.host}`) || trusted.has(origin);
};

const LOOPBACK_ADDRESS = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|\[::1\]|localhost)$/i;

/** Whether the server listens on loopback only (server.host). */
export const isLoopbackBind = (host: string): boolean => LOOPBACK_ADDRESS.test(host);

/** The host names a loopback-bound server answers to: its loopback names, the address it is bound to and the public URL's host. */
export const loopbackHostNames = (bindHost: string, publicUrl: string | undefined): Set<string> => {
  const names = new Set(['localhost', '127.0.0.1', '[::1]', bindHost === '::1' ? '[::1]' : bindHost.toLowerCase()]);
  if (publicUrl) names.add(new URL(publicUrl).hostname.toLowerCase());
  return names;
};

/**
 * Whether a Host header names this loopback-bound server. A page of a foreign name that resolves
 * to 127.0.0.1 (DNS rebinding) sends its own name as Host, and its Origin matches it; refusing
 * unknown names is what stops it from reading or driving the portal.
 */
export const isKnownLoopbackHost = (host: string | undefined, names: ReadonlySet<string>): boolean => {
  if (!host) return false;
  try {
    return names.has(new URL(`http://${host}`).hostname.toLowerCase());
  } catch {
    return false;
  }
};
