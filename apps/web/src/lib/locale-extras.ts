import type { ConfigProviderProps } from 'antd';
import type { Language } from './i18n';

/*
 * The language's texts beyond the console's own: antd's component texts and dayjs's month and
 * day names. English is antd's built-in; Chinese is fetched when first needed. dayjs serves the
 * console's dates only, so it is loaded with the console, not by the sign-in page.
 */

type AntdLocale = ConfigProviderProps['locale'];

let antdChinese: AntdLocale;
let dayjsFor: ((lang: Language) => void) | undefined;

/** antd's texts for a language (undefined: antd's built-in English). */
export const antdLocale = (lang: Language): AntdLocale => (lang === 'zh' ? antdChinese : undefined);

/** Loads what a language needs before it is shown (before the first render, before a switch). */
export const loadLocaleExtras = async (lang: Language) => {
  if (lang === 'zh' && !antdChinese) antdChinese = (await import('antd/locale/zh_CN')).default;
  dayjsFor?.(lang);
};

/** The console and its windows format dates: dayjs follows the language from then on. */
export const loadDayjsLocales = async (lang: Language) => {
  if (!dayjsFor) dayjsFor = (await import('./dayjs-locale')).setDayjsLocale;
  dayjsFor(lang);
};
