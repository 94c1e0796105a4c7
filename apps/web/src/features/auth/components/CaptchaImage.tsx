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
      <img
        src={src}
        alt={t('captcha.alt')}
        width={120}
        height={40}
        style={{ cursor: 'pointer', borderRadius: 4, border: '1px solid #d9d9d9' }}
        onClick={onRefresh}
        data-testid="captcha-image"
      />
      <Button type="text" icon={<ReloadOutlined />} onClick={onRefresh} aria-label={t('captcha.refresh')} title={t('captcha.refresh')} />
    </Flex>
  );
};
