import { ConfigProvider, Dropdown } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { theme } from '../lib/theme';
import { LANGUAGES, setLanguage, type Language } from '../lib/i18n';

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', zh: '简体中文' };

/**
 * The language switch's menu around its button; open at once when a click asked for it. The
 * console's theme comes with it: on the sign-in page no ConfigProvider is around it.
 */
const LanguageMenu = ({ children, openAtOnce }: { children: ReactElement; openAtOnce: boolean }) => {
  const { i18n } = useTranslation('common');
  const [open, setOpen] = useState(openAtOnce);
  return (
    <ConfigProvider theme={theme}>
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
    </ConfigProvider>
  );
};

export default LanguageMenu;
