import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadLocaleExtras, loadDayjsLocales } from './locale-extras';
import { LANGUAGE } from './storage';

export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

/** What the pages reached without signing in use: fetched one file each before the first render. */
const FIRST_NAMESPACES = ['common', 'auth', 'errors'];
const firstFiles = import.meta.glob<Record<string, unknown>>('../locales/*/{common,auth,errors}.json', {
  import: 'default',
});
/** Every other namespace of a language in one file, fetched with the console. */
const consoleTexts: Record<Language, () => Promise<{ default: Record<string, Record<string, unknown>> }>> = {
  en: () => import('./locale-bundles/en'),
  zh: () => import('./locale-bundles/zh'),
};
const isLanguage = (lang: string): lang is Language => lang === 'en' || lang === 'zh';

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language: string, namespace: string, done: ReadCallback) => {
    const first = firstFiles[`../locales/${language}/${namespace}.json`];
    const texts = first
      ? first()
      : isLanguage(language)
        ? consoleTexts[language]().then((m) => m.default[namespace] ?? {})
        : Promise.resolve({});
    texts.then(
      (t) => done(null, t),
      (err: unknown) => done(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

/** English unless the browser's language contains zh; a choice made in the header wins. */
export const detectLanguage = (): Language => {
  const saved = localStorage.getItem(LANGUAGE);
  if (saved === 'en' || saved === 'zh') return saved;
  const browser = [navigator.language, ...(navigator.languages ?? [])].join(',').toLowerCase();
  return browser.includes('zh') ? 'zh' : 'en';
};

/** Switching loads the new language's files of every namespace loaded so far, then re-renders. */
export const setLanguage = async (lang: Language) => {
  localStorage.setItem(LANGUAGE, lang);
  await loadLocaleExtras(lang);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
};

export const currentLanguage = (): Language => (i18n.language === 'zh' ? 'zh' : 'en');

/** Resolves when the first namespaces of the user's language are in: render after it. */
export const i18nReady = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    lng: detectLanguage(),
    // Both languages hold the same keys (locales.test.ts), so a Chinese page never needs the
    // English files as a fallback: it loads only its own.
    fallbackLng: false,
    load: 'languageOnly',
    supportedLngs: [...LANGUAGES],
    defaultNS: 'common',
    ns: FIRST_NAMESPACES,
    interpolation: { escapeValue: false },
    returnNull: false,
    // A namespace a page asks for is loaded while the page waits under React's Suspense.
    react: { useSuspense: true },
  })
  .then(() => loadLocaleExtras(currentLanguage()))
  .then(() => {
    document.documentElement.lang = i18n.language === 'zh' ? 'zh-CN' : 'en';
  });

/**
 * Every namespace of the current language: the console and its own windows (files, shell) load
 * them before they render, so a text of another namespace (`t('jobs:…')`) is always there.
 */
export const loadAllNamespaces = async () => {
  await i18nReady; // the language is known then
  const { default: rest } = await consoleTexts[currentLanguage()]();
  await i18n.loadNamespaces([...FIRST_NAMESPACES, ...Object.keys(rest)]);
};

/** What the console needs of the language before it renders: every namespace, dayjs's names. */
export const loadConsoleTexts = async () => {
  await i18nReady;
  await Promise.all([loadAllNamespaces(), loadDayjsLocales(currentLanguage())]);
};

export { i18n };
