import { describe, expect, it } from 'vitest';
import { DesktopCloseCode } from '@portal/shared';
import { afterDrop, RECONNECT } from './reconnect-policy';

const fresh = { tries: 0, ticketRetried: false };

describe('afterDrop', () => {
  it('tries again after 2 s when the network dropped or the server restarts, up to 5 times', () => {
    expect(afterDrop(1006, fresh)).toEqual({ do: 'retry', delayMs: 2_000 });
    expect(afterDrop(null, { tries: 4, ticketRetried: false })).toEqual({ do: 'retry', delayMs: 2_000 });
    expect(afterDrop(DesktopCloseCode.shutdown, fresh)).toEqual({ do: 'retry', delayMs: RECONNECT.delayMs });
    expect(afterDrop(1006, { tries: RECONNECT.maxTries, ticketRetried: false })).toEqual({ do: 'check', otherwise: 'gaveUp' });
  });

  it('stops at once when the desktop ended or the proxy refused what was sent', () => {
    expect(afterDrop(DesktopCloseCode.unreachable, fresh)).toEqual({ do: 'stop', why: 'ended' });
    expect(afterDrop(DesktopCloseCode.protocol, fresh)).toEqual({ do: 'stop', why: 'protocol' });
  });

  it('asks the session list after a revoked share (the owner may only have changed its mode), once', () => {
    expect(afterDrop(DesktopCloseCode.revoked, fresh)).toEqual({ do: 'check', otherwise: 'reconnect' });
    expect(afterDrop(DesktopCloseCode.revoked, { tries: 0, ticketRetried: true })).toEqual({ do: 'stop', why: 'revoked' });
  });

  it('follows a refused ticket with one fresh ticket at once, then asks whether the desktop is still there', () => {
    expect(afterDrop(DesktopCloseCode.ticketRefused, fresh)).toEqual({ do: 'retry', delayMs: 0, freshTicket: true });
    expect(afterDrop(DesktopCloseCode.ticketRefused, { tries: 0, ticketRetried: true })).toEqual({
      do: 'check',
      otherwise: 'refused',
    });
  });
});
