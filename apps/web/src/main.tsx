import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './lib/i18n';
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
const consoleReady = path.startsWith('/login')
  ? undefined
  : import('./app/ConsoleApp').then((m) => {
      if (loginMarker.get()) m.preloadConsole(path);
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
