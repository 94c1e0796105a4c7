import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { Language } from './i18n';

/** dayjs names months and days in the console's language. */
export const setDayjsLocale = (lang: Language) => {
  dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
};
