import { desktopSocketPath } from '@portal/shared';

/** The viewer page of one desktop, opened in a tab of its own. */
export const desktopPagePath = (sessionId: string) => `/desktop/${encodeURIComponent(sessionId)}`;

/** The proxy's WebSocket on the page's own host: wss behind https, so the browser never mixes content. */
export const desktopSocketUrl = (page: Pick<Location, 'protocol' | 'host'>, sessionId: string, ticket: string) =>
  `${page.protocol === 'https:' ? 'wss' : 'ws'}://${page.host}${desktopSocketPath(sessionId, ticket)}`;

/** Opens a desktop's viewer next to the console, like the web shell. */
export const openDesktopWindow = (sessionId: string) => {
  window.open(desktopPagePath(sessionId), '_blank', 'noopener');
};
