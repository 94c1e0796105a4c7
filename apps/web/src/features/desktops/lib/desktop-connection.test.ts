import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DesktopCloseCode, ErrCode, type DesktopTicket } from '@portal/shared';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { DesktopConnection, type DesktopLink, type LinkEvents, type ViewerPhase } from './desktop-connection';

/*
 * The viewer's connection with a fake noVNC link and a fake clock: a ticket per connection, the
 * countdown between tries, and the end it reports for each of the proxy's close codes.
 */

class FakeLink implements DesktopLink {
  disconnected = false;
  focused = 0;
  pasted: string[] = [];
  constructor(
    readonly ticket: DesktopTicket,
    readonly events: LinkEvents,
  ) {}
  disconnect() {
    this.disconnected = true;
  }
  focus() {
    this.focused++;
  }
  paste(text: string) {
    this.pasted.push(text);
  }
}

const ticketNo = (n: number): DesktopTicket => ({
  ticket: `t${n}`,
  password: `p${n}`,
  viewMode: 'interaction',
  expiresAt: '2026-01-01T00:00:30.000Z',
});

describe('DesktopConnection', () => {
  let phases: ViewerPhase[];
  let links: FakeLink[];
  let tickets: number;
  let ticket: () => Promise<DesktopTicket>;
  let check: () => Promise<'running' | 'ended' | 'revoked'>;
  let clipboard: string[];
  let conn: DesktopConnection;
  const last = () => links[links.length - 1]!;
  const phase = () => phases[phases.length - 1];
  /** Lets the ticket's promise settle. */
  const settle = () => vi.advanceTimersByTimeAsync(0);

  beforeEach(() => {
    vi.useFakeTimers();
    phases = [];
    links = [];
    clipboard = [];
    tickets = 0;
    ticket = async () => ticketNo(++tickets);
    check = async () => 'running';
    conn = new DesktopConnection(
      {
        ticket: () => ticket(),
        open: (t, events) => {
          const link = new FakeLink(t, events);
          links.push(link);
          return link;
        },
        check: () => check(),
      },
      { phase: (p) => phases.push(p), clipboard: (text) => clipboard.push(text) },
    );
  });
  afterEach(() => {
    conn.dispose();
    vi.useRealTimers();
  });

  it('connects with a ticket, focuses the screen, passes the clipboard both ways', async () => {
    conn.start();
    expect(phase()).toEqual({ state: 'connecting', attempt: 0 });
    await settle();
    expect(last().ticket.password).toBe('p1');
    last().events.connected();
    expect(phase()).toEqual({ state: 'connected', viewMode: 'interaction' });
    expect(last().focused).toBe(1);
    last().events.clipboard('from the desktop');
    conn.paste('to the desktop');
    expect(clipboard).toEqual(['from the desktop']);
    expect(last().pasted).toEqual(['to the desktop']);
  });

  it('counts down 2 s after a drop and reconnects with a fresh ticket, up to 5 tries, then gives up', async () => {
    conn.start();
    await settle();
    last().events.connected();
    for (let attempt = 1; attempt <= 5; attempt++) {
      last().events.closed(1006);
      expect(phase()).toEqual({ state: 'reconnecting', attempt, inSeconds: 2 });
      await vi.advanceTimersByTimeAsync(1000);
      expect(phase()).toEqual({ state: 'reconnecting', attempt, inSeconds: 1 });
      await vi.advanceTimersByTimeAsync(1000);
      expect(phase()).toEqual({ state: 'connecting', attempt });
      expect(last().ticket.ticket).toBe(`t${attempt + 1}`);
    }
    last().events.closed(1006);
    await settle();
    expect(phase()).toEqual({ state: 'disconnected', why: 'gaveUp' });
    expect(links).toHaveLength(6);
  });

  it('starts counting tries afresh once a reconnect worked', async () => {
    conn.start();
    await settle();
    last().events.closed(1006);
    await vi.advanceTimersByTimeAsync(2000);
    last().events.connected();
    last().events.closed(1006);
    expect(phase()).toEqual({ state: 'reconnecting', attempt: 1, inSeconds: 2 });
  });

  it('says the desktop ended when the proxy closes with its code, and tries no more', async () => {
    conn.start();
    await settle();
    last().events.connected();
    last().events.closed(DesktopCloseCode.unreachable);
    expect(phase()).toEqual({ state: 'disconnected', why: 'ended' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(links).toHaveLength(1);
  });

  it('says the share was revoked when the list no longer holds it, and reconnects when only its mode changed', async () => {
    conn.start();
    await settle();
    last().events.connected();
    last().events.closed(DesktopCloseCode.revoked);
    await settle();
    expect(links).toHaveLength(2);
    last().events.connected();
    check = async () => 'revoked';
    last().events.closed(DesktopCloseCode.revoked);
    await settle();
    expect(phase()).toEqual({ state: 'disconnected', why: 'revoked' });
    expect(links).toHaveLength(2);
  });

  it('follows a refused ticket with one fresh ticket at once, then asks the session list', async () => {
    check = async () => 'revoked';
    conn.start();
    await settle();
    last().events.closed(DesktopCloseCode.ticketRefused);
    await settle();
    expect(links).toHaveLength(2);
    last().events.closed(DesktopCloseCode.ticketRefused);
    await settle();
    expect(phase()).toEqual({ state: 'disconnected', why: 'revoked' });
  });

  it('asks the session list when the portal refuses a ticket, and keeps the error to show', async () => {
    const refused = new ApiError(ErrCode.PARAM_INVALID, 'not running', 400, { reason: 'desktopNotRunning' });
    ticket = () => Promise.reject(refused);
    conn.start();
    await settle();
    expect(phase()).toEqual({ state: 'disconnected', why: 'error', error: refused });
    check = async () => 'ended';
    conn.reconnect();
    await settle();
    expect(phase()).toEqual({ state: 'disconnected', why: 'ended', error: refused });
  });

  it('tries again when the ticket could not be fetched over the network', async () => {
    ticket = () => Promise.reject(new NetworkError(false));
    conn.start();
    await settle();
    expect(phase()).toEqual({ state: 'reconnecting', attempt: 1, inSeconds: 2 });
  });

  it('stops everything when the page goes away', async () => {
    conn.start();
    await settle();
    last().events.connected();
    conn.dispose();
    expect(last().disconnected).toBe(true);
    last().events.closed(1006);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(links).toHaveLength(1);
    expect(phase()).toEqual({ state: 'connected', viewMode: 'interaction' });
  });
});
