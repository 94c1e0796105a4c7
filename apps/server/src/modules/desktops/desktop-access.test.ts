import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../test/harness.js';
import { jobDesktopAddress } from './desktop-states.js';
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

describe('the address of a desktop job', () => {
  const cluster = (scheduler: 'local' | 'slurm', nodeHost = '{node}') => ({ scheduler, desktops: { nodeHost } });

  it("is the job's node as the scheduler names it, never the host the job wrote, and only a VNC port", () => {
    expect(jobDesktopAddress(cluster('slurm'), 'cn07', { port: 5903, display: 3 })).toEqual({ host: 'cn07', port: 5903 });
    expect(jobDesktopAddress(cluster('slurm', '{node}.ib.example.org'), 'cn07', { port: 5903, display: 3 })).toEqual({
      host: 'cn07.ib.example.org',
      port: 5903,
    });
    expect(jobDesktopAddress(cluster('local'), 'node01', { port: 5901, display: 1 })).toEqual({ host: '127.0.0.1', port: 5901 });
    // A port that is not the display's, or not a VNC port at all (a database, ssh): refused.
    expect(jobDesktopAddress(cluster('slurm'), 'cn07', { port: 5432, display: 3 })).toBeNull();
    expect(jobDesktopAddress(cluster('slurm'), 'cn07', { port: 22, display: -5878 })).toBeNull();
    expect(jobDesktopAddress(cluster('slurm'), 'cn07', { port: 7000, display: 1100 })).toBeNull();
    expect(jobDesktopAddress(cluster('slurm'), 'cn07;rm', { port: 5903, display: 3 })).toBeNull();
  });
});
