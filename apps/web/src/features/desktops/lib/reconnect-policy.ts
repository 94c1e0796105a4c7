import { DesktopCloseCode } from '@portal/shared';

/*
 * What the viewer does when its connection closes. A dropped network or a restarting server is
 * worth a few tries; the proxy's own close codes (DesktopCloseCode) say when trying again is
 * pointless: the desktop ended, or its owner stopped sharing it.
 */

export const RECONNECT = {
  /** Long enough for a restarting proxy, short enough that the user waits with the countdown. */
  delayMs: 2_000,
  /** Tries in a row before the viewer gives up and offers the Reconnect button. */
  maxTries: 5,
} as const;

/** Why the viewer stopped for good. */
export type StopReason =
  | 'ended'
  | 'revoked'
  /** The proxy closed on something a view-only client may not send. */
  | 'protocol'
  /** The tries ran out while the desktop still runs. */
  | 'gaveUp'
  /** A fresh ticket or password was refused as well. */
  | 'refused'
  /** The portal refused a ticket: the error says why. */
  | 'error';

export type NextStep =
  | { do: 'retry'; delayMs: number; freshTicket?: true }
  | { do: 'stop'; why: StopReason }
  /** Read the session list again: ended or revoked if so, else `otherwise` (reconnect: at once, with a fresh ticket). */
  | { do: 'check'; otherwise: StopReason | 'reconnect' };

export interface DropContext {
  /** Reconnects tried since the last connection that worked. */
  tries: number;
  /** A refused ticket was already followed by one with a fresh ticket. */
  ticketRetried: boolean;
}

/** What to do after the connection closed with `code` (null: it closed without one, e.g. the network went away). */
export const afterDrop = (code: number | null, ctx: DropContext): NextStep => {
  if (code === DesktopCloseCode.unreachable) return { do: 'stop', why: 'ended' };
  if (code === DesktopCloseCode.revoked)
    // Also sent when the owner changed the share's mode: a share still listed connects again, in its new mode.
    return ctx.ticketRetried ? { do: 'stop', why: 'revoked' } : { do: 'check', otherwise: 'reconnect' };
  if (code === DesktopCloseCode.protocol) return { do: 'stop', why: 'protocol' };
  if (code === DesktopCloseCode.ticketRefused)
    // A ticket expires in seconds (a slow network, a sleeping laptop): one more with a fresh one, at once.
    return ctx.ticketRetried ? { do: 'check', otherwise: 'refused' } : { do: 'retry', delayMs: 0, freshTicket: true };
  return ctx.tries < RECONNECT.maxTries ? { do: 'retry', delayMs: RECONNECT.delayMs } : { do: 'check', otherwise: 'gaveUp' };
};
