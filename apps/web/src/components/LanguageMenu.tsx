import { Dropdown } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Language } from '../lib/i18n';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', zh: '简体中文' };

/** The language switch's menu around its button; open at once when a click asked for it. */
const LanguageMenu = ({ children, openAtOnce }: { children: ReactElement; openAtOnce: boolean }) => {
  const { i18n } = useTranslation('common');
  const [open, setOpen] = useState(openAtOnce);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: LANGUAGES.map((l) => ({ key: l, label: LANGUAGE_NAMES[l] })),
        onClick: ({ key }) => {
          setOpen(false);
          const lang = LANGUAGES.find((l) => l === key);
          if (lang) void setLanguage(lang);
        },
      }}
    >
      {children}
    </Dropdown>
  );
};

export default LanguageMenu;
