import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../test/harness.js';
import { DesktopTickets } from './desktop-tickets.js';

describe('desktop tickets', () => {
  it('are redeemed once, by their user, for their session, before they expire', () => {
    const clock = new ManualClock(1_000_000);
    const tickets = new DesktopTickets(clock, 30_000);

    const a = tickets.issue('session-a', 1, 'interaction');
    expect(a.expiresAt).toBe(1_030_000);
    expect(tickets.redeem(a.ticket, 'session-a', 1)).toMatchObject({
      sessionId: 'session-a',
      userId: 1,
      viewMode: 'interaction',
    });
    expect(tickets.redeem(a.ticket, 'session-a', 1)).toBeUndefined();

    // A wrong user or session uses the ticket up: it cannot be tried again with the right one.
    const b = tickets.issue('session-a', 1, 'observation');
    expect(tickets.redeem(b.ticket, 'session-a', 2)).toBeUndefined();
    expect(tickets.redeem(b.ticket, 'session-a', 1)).toBeUndefined();
    const c = tickets.issue('session-a', 1, 'observation');
    expect(tickets.redeem(c.ticket, 'session-b', 1)).toBeUndefined();

    const d = tickets.issue('session-a', 1, 'observation');
    clock.advance(30_001);
    expect(tickets.redeem(d.ticket, 'session-a', 1)).toBeUndefined();
    const e = tickets.issue('session-a', 1, 'observation');
    clock.advance(30_000);
    expect(tickets.redeem(e.ticket, 'session-a', 1)).toMatchObject({ viewMode: 'observation' });
    expect(tickets.redeem('', 'session-a', 1)).toBeUndefined();
  });
});
