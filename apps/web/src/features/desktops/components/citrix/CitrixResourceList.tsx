import { AppstoreOutlined, DesktopOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Tag, theme, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CitrixResource } from '@portal/shared';

interface Props {
  resources: CitrixResource[];
  onLaunch: (resource: CitrixResource) => void;
  /** The resource whose ICA file is being fetched. */
  launching: string | undefined;
}

/** Published desktops and applications: an icon and a tag by type, the name, and a Launch button. */
export const CitrixResourceList = ({ resources, onLaunch, launching }: Props) => {
  const { t } = useTranslation('citrix');
  const { token } = theme.useToken();
  if (resources.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('panel.empty')} />;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {resources.map((r) => {
        const Icon = r.type === 'desktop' ? DesktopOutlined : AppstoreOutlined;
        const details = [r.folder, r.description].filter((s) => s !== '').join(' · ');
        const launch = (
          <Button
            type="primary"
            icon={<PlayCircleOutlined aria-hidden />}
            disabled={r.disabled}
            loading={launching === r.id}
            onClick={() => onLaunch(r)}
            aria-label={t('launch.aria', { name: r.name })}
          >
            {t('launch.button')}
          </Button>
        );
        return (
          <li
            key={r.id}
            data-testid={`citrix-${r.id}`}
            style={{ padding: '12px 0', borderBottom: `1px solid ${token.colorSplit}` }}
          >
            <Flex align="center" gap={12}>
              <Icon aria-hidden style={{ fontSize: 24 }} />
              <Flex vertical flex={1} style={{ minWidth: 0 }}>
                <span>
                  <Typography.Text strong>{r.name}</Typography.Text> <Tag>{t(`type.${r.type}`)}</Tag>
                </span>
                {details && <Typography.Text type="secondary">{details}</Typography.Text>}
              </Flex>
              {r.disabled ? <Tooltip title={t('launch.disabled')}>{launch}</Tooltip> : launch}
            </Flex>
          </li>
        );
      })}
    </ul>
  );
};
