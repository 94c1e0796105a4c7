import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE } from './storage';

export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

// Every namespace file of every language, bundled: locales/<lang>/<namespace>.json
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

export const resources: Record<Language, Record<string, Record<string, unknown>>> = { en: {}, zh: {} };
for (const [path, content] of Object.entries(files)) {
  const m = /locales\/(en|zh)\/([\w-]+)\.json$/.exec(path);
  if (m) resources[m[1] as Language][m[2] as string] = content;
}

/** English unless the browser's language contains zh; a choice made in the header wins. */
export const detectLanguage = (): Language => {
  const saved = localStorage.getItem(LANGUAGE);
  if (saved === 'en' || saved === 'zh') return saved;
  const browser = [navigator.language, ...(navigator.languages ?? [])].join(',').toLowerCase();
  return browser.includes('zh') ? 'zh' : 'en';
};

export const setLanguage = async (lang: Language) => {
  localStorage.setItem(LANGUAGE, lang);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
};

export const currentLanguage = (): Language => (i18n.language === 'zh' ? 'zh' : 'en');

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(),
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: Object.keys(resources.en),
  interpolation: { escapeValue: false },
  returnNull: false,
});
document.documentElement.lang = i18n.language === 'zh' ? 'zh-CN' : 'en';

export { i18n };
