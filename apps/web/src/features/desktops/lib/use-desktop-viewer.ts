import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { DesktopSession } from '@portal/shared';
import { fetchDesktopTicket } from '../api/desktop-ticket';
import { desktopsQuery } from '../api/list-desktops';
import { DesktopConnection, type ViewerPhase } from './desktop-connection';
import { desktopCheck } from './desktop-rows';
import { desktopSocketUrl } from './desktop-url';
import { openNoVncLink } from './novnc-link';

/**
 * One desktop drawn into `screen` by noVNC, kept connected (desktop-connection.ts). The clipboard
 * is one text both ways: what the desktop copies arrives in it, what the user edits is sent.
 */
export const useDesktopViewer = (screen: RefObject<HTMLDivElement | null>, session: DesktopSession) => {
  const qc = useQueryClient();
  const [phase, setPhase] = useState<ViewerPhase>({ state: 'connecting', attempt: 0 });
  const [clipboard, setClipboard] = useState('');
  const [viewMode, setViewMode] = useState(session.viewMode);
  const conn = useRef<DesktopConnection | null>(null);
  const { sessionId } = session;
  const shared = session.sharer !== null;

  useEffect(() => {
    const el = screen.current;
    if (!el) return;
    const c = new DesktopConnection(
      {
        ticket: (signal) => fetchDesktopTicket(sessionId, signal),
        open: (ticket, events) => openNoVncLink(el, desktopSocketUrl(window.location, sessionId, ticket.ticket), ticket, events),
        check: async () => desktopCheck((await qc.fetchQuery({ ...desktopsQuery(), staleTime: 0 })).list, sessionId, shared),
      },
      {
        phase: (p) => {
          setPhase(p);
          if (p.state === 'connected') setViewMode(p.viewMode);
        },
        clipboard: setClipboard,
      },
    );
    conn.current = c;
    c.start();
    return () => {
      c.dispose();
      conn.current = null;
    };
  }, [screen, sessionId, shared, qc]);

  const reconnect = useCallback(() => conn.current?.reconnect(), []);
  const paste = useCallback((text: string) => conn.current?.paste(text), []);
  const focus = useCallback(() => conn.current?.focus(), []);
  return { phase, viewMode, clipboard, setClipboard, reconnect, paste, focus };
};

export type DesktopViewerState = ReturnType<typeof useDesktopViewer>;
