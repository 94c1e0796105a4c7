import { desktopTicket } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** A single-use ticket and the VNC password for one connection: asked right before connecting, never cached. */
export const fetchDesktopTicket = (sessionId: string, signal?: AbortSignal) =>
  api(desktopTicket, { params: { sessionId }, ...(signal ? { signal } : {}) });
