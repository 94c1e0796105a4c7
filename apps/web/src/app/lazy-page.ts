import { lazy, type ComponentType } from 'react';
import { loadConsoleTexts } from '../lib/i18n';

/**
 * A page fetched when first shown, so the sign-in page does not carry it. Every text of the
 * language is loaded with it: console pages may show texts of any namespace. `preload` starts
 * the fetch early (a signed-in visit fetches the layout and the page side by side).
 */
export const lazyPage = <P extends object>(load: () => Promise<ComponentType<P>>) => {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const get = () =>
    (loading ??= Promise.all([load(), loadConsoleTexts()])
      .then(([Page]) => ({ default: Page }))
      .catch((err: unknown) => {
        loading = undefined; // a failed fetch is tried again next time
        throw err;
      }));
  return Object.assign(lazy(get), { preload: () => void get().catch(() => {}) });
};
