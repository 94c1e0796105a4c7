import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobalIcon } from './plain-icons';
import './language-switch.css';

// The menu (antd's Dropdown and Menu) is not part of the sign-in page's first load: fetched when
// the pointer or focus reaches the button, shown (open) from the first click on. The button is a
// plain one for the same reason (antd's Button brings its style engine).
const loadMenu = () => import('./LanguageMenu');
const LanguageMenu = lazy(loadMenu);

const NAMES = { en: 'English', zh: '简体中文' } as const;

/** Switches between English and Chinese; the choice is remembered in this browser. */
export const LanguageSwitch = ({ dark = false }: { dark?: boolean }) => {
  const { t, i18n } = useTranslation('common');
  const [clicked, setClicked] = useState(false);
  const current = NAMES[i18n.language === 'zh' ? 'zh' : 'en'];
  const prefetch = () => void loadMenu().catch(() => {});
  const button = (
    <button
      type="button"
      className={dark ? 'lang-switch lang-switch-dark' : 'lang-switch'}
      // The accessible name starts with the visible text (WCAG 2.5.3, label in name).
      aria-label={t('languageNow', { current })}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => setClicked(true)}
    >
      <GlobalIcon />
      <span>{current}</span>
    </button>
  );
  if (!clicked) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu openAtOnce>{button}</LanguageMenu>
    </Suspense>
  );
};
