import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The captcha picture; `version` changes to fetch a new one. With `rand` the challenge belongs to
 * that registration, without it to this browser's sign-in.
 */
export const CaptchaImage = ({ rand, version, onRefresh }: { rand?: string; version: number; onRefresh: () => void }) => {
  const { t } = useTranslation('auth');
  const src = `/login/authCode.action?${rand ? `rand=${encodeURIComponent(rand)}&` : ''}v=${version}`;
  return (
    <Flex align="center" gap={4}>
      <button
        type="button"
        onClick={onRefresh}
        title={t('captcha.refresh')}
        style={{ padding: 0, border: '1px solid #d9d9d9', borderRadius: 4, background: 'none', cursor: 'pointer', lineHeight: 0 }}
      >
        <img src={src} alt={t('captcha.alt')} width={120} height={40} data-testid="captcha-image" />
      </button>
      <Button
        type="text"
        icon={<ReloadOutlined />}
        onClick={onRefresh}
        aria-label={t('captcha.refresh')}
        title={t('captcha.refresh')}
      />
    </Flex>
  );
};
