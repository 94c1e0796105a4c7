import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLanguage, type Language } from '../lib/i18n';

const names: Record<Language, string> = { en: 'English', zh: '简体中文' };

/** Switches between English and Chinese; the choice is remembered in this browser. */
export const LanguageSwitch = ({ dark = false }: { dark?: boolean }) => {
  const { t, i18n } = useTranslation('common');
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: (Object.keys(names) as Language[]).map((l) => ({ key: l, label: names[l] })),
        onClick: ({ key }) => void setLanguage(key as Language),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('language')} style={dark ? { color: '#fff' } : undefined}>
        {names[i18n.language === 'zh' ? 'zh' : 'en']}
      </Button>
    </Dropdown>
  );
};
