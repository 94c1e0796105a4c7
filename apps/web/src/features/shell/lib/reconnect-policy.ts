/*
 * When the page tries again after its WebSocket dropped. The server keeps the shell for its grace
 * period after it notices the drop, which is never earlier than the page notices: so trying until
 * the grace period has passed on the page's clock cannot give up on a shell that is still there.
 * A definite "no such shell" (close code 4404) ends the attempts at once.
 */

export const RECONNECT = {
  /** The first retry is quick: most drops are a proxy or a Wi-Fi hiccup. */
  firstMs: 500,
  factor: 2,
  /** Never wait longer than this between tries, so the page is back soon after the network. */
  maxMs: 5_000,
} as const;

/**
 * How long to wait before try number `attempt` (0 = the first), given the time since the drop;
 * null once the grace period is over and the shell is surely gone.
 */
export const reconnectDelay = (attempt: number, sinceDropMs: number, graceMs: number): number | null => {
  const left = graceMs - sinceDropMs;
  if (left <= 0) return null;
  const backoff = Math.min(RECONNECT.maxMs, RECONNECT.firstMs * RECONNECT.factor ** attempt);
  // A last try just before the end rather than a wait that overshoots it.
  return Math.min(backoff, Math.max(0, left - 100));
};

/** The page's own heartbeat: browsers cannot see ws pings, so a half-open socket shows only here. */
export const HEARTBEAT = {
  /** Sends {type:'ping'} this often. */
  everyMs: 20_000,
  /** No frame at all for this long after a ping: the connection is dead, reconnect. */
  timeoutMs: 10_000,
} as const;
