import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady, loadConsoleTexts } from './lib/i18n';
import { App } from './app/App';
import { loginMarker } from './lib/storage';
import './app/global.css';
import { startAriaRepairs } from './lib/aria-repairs';

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
startAriaRepairs();
// Any page but sign-in needs the console: fetched while the first texts load, so index.html's
// frame stays until it can render. A signed-in visit also fetches the page it opens, side by side.
const path = window.location.pathname;
const signedInVisit = !path.startsWith('/login') && loginMarker.get();
// The page and the console's frame are asked for beside the console itself, not once it has run:
// one round of fetching and parsing less before a signed-in visit's page shows.
if (signedInVisit) {
  void import('./app/route-table').then((m) => m.preloadPage(path)).catch(() => {});
  void import('./app/console-shell').catch(() => {});
  void loadConsoleTexts().catch(() => {});
}
const consoleReady = path.startsWith('/login')
  ? undefined
  : import('./app/ConsoleApp').then((m) => {
      if (signedInVisit) m.preloadConsole(path);
      return m.default;
    });
const [, Console] = await Promise.all([i18nReady, consoleReady]);
createRoot(root).render(
  <StrictMode>
    {/* Nothing to wait for at first; a later move from sign-in to the console may wait a moment. */}
    <Suspense fallback={null}>
      <App Console={Console} />
    </Suspense>
  </StrictMode>,
);
