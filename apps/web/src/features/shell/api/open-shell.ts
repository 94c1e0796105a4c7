import { openShell, type BodyOf } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** Opens a shell on the server; the page then attaches to it over the WebSocket. */
export const openShellSession = (body: BodyOf<typeof openShell>, signal?: AbortSignal) =>
  api(openShell, { body, ...(signal ? { signal } : {}) });
