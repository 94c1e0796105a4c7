import RFB from '@novnc/novnc';
import { DesktopCloseCode, type DesktopTicket } from '@portal/shared';
import type { DesktopLink, LinkEvents } from './desktop-connection';

/** The text of noVNC's clipboard event (its detail is { text }). */
const textOf = (e: Event): string | null => {
  if (!(e instanceof CustomEvent)) return null;
  const detail: unknown = e.detail;
  return detail && typeof detail === 'object' && 'text' in detail && typeof detail.text === 'string' ? detail.text : null;
};

/**
 * noVNC drawing one desktop into `screen`. The page opens the WebSocket itself and hands it to
 * noVNC: its disconnect event does not carry the close code, which tells why the proxy closed.
 */
export const openNoVncLink = (screen: HTMLElement, url: string, ticket: DesktopTicket, events: LinkEvents): DesktopLink => {
  const socket = new WebSocket(url);
  let closeCode: number | null = null;
  // Registered before noVNC's own handler, so the code is known when its disconnect event fires.
  socket.addEventListener('close', (e) => {
    closeCode = e.code;
  });
  const rfb = new RFB(screen, socket, { credentials: { password: ticket.password } });
  const observer = ticket.viewMode === 'observation';
  rfb.viewOnly = observer;
  rfb.scaleViewport = true;
  // Only the interacting user's window sizes the desktop; observers see it scaled.
  rfb.resizeSession = !observer;
  let refused = false;
  rfb.addEventListener('securityfailure', () => {
    refused = true;
  });
  rfb.addEventListener('connect', () => events.connected());
  // A refused password is as good as a refused ticket: the next ticket brings a fresh one.
  rfb.addEventListener('disconnect', () => events.closed(refused ? DesktopCloseCode.ticketRefused : closeCode));
  rfb.addEventListener('clipboard', (e) => {
    const text = textOf(e);
    if (text !== null) events.clipboard(text);
  });
  return {
    disconnect: () => rfb.disconnect(),
    focus: () => rfb.focus(),
    paste: (text) => rfb.clipboardPasteFrom(text),
  };
};
