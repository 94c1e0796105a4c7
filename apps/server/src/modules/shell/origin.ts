/**
 * Whether a WebSocket handshake comes from a page of this portal. Browsers send cookies with a
 * cross-site WebSocket handshake (SameSite does not stop a top-level site's script from opening
 * one), so without this check any web site a user visits could open their shell. Browsers always
 * send Origin on WebSocket handshakes; a handshake without one is refused too.
 */
export const isSameOrigin = (origin: string | undefined, host: string | undefined, publicUrl?: string): boolean => {
  if (!origin || !host) return false;
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return false;
  }
  if (from.protocol !== 'http:' && from.protocol !== 'https:') return false;
  // The Host header as a URL of the page's own scheme, so an explicit default port (':443') compares equal.
  try {
    if (new URL(`${from.protocol}//${host}`).host === from.host) return true;
  } catch {
    return false;
  }
  // Behind a proxy that rewrites Host, the address users reach the portal at is the configured one.
  if (publicUrl) {
    try {
      return new URL(publicUrl).origin === from.origin;
    } catch {
      return false;
    }
  }
  return false;
};
