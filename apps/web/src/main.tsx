import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './lib/i18n';
import { App } from './app/App';
import { preloadConsole } from './app/AppRoutes';
import { loginMarker } from './lib/storage';
import './app/global.css';
import { startAriaRepairs } from './lib/aria-repairs';

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
startAriaRepairs();
// A signed-in visit starts fetching the console while the first texts load.
if (loginMarker.get() && !window.location.pathname.startsWith('/login')) preloadConsole(window.location.pathname);
// index.html's frame stays until the first texts are in; React then replaces it in one go.
await i18nReady;
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
