import { configure } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default: too short while other processes use the CPU.
configure({ asyncUtilTimeout: 10_000 });

// antd reads matchMedia, which jsdom lacks: a stand-in with the members antd calls.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- a stand-in, not a whole MediaQueryList
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// antd's dropdowns and overflow lists observe their size; jsdom has no ResizeObserver.
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// The console's texts load lazily (lib/i18n.ts); tests render any component at once, so every
// namespace is loaded before they start.
const { i18nReady, loadAllNamespaces } = await import('../lib/i18n');
await i18nReady;
await loadAllNamespaces();
