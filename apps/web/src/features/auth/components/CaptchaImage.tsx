import { useTranslation } from 'react-i18next';
import { ReloadIcon } from '../../../components/plain-icons';
import './auth.css';

/**
 * The captcha picture; `version` changes to fetch a new one. With `rand` the challenge belongs to
 * that registration, without it to this browser's sign-in. Plain buttons: the sign-in page shows it.
 */
export const CaptchaImage = ({ rand, version, onRefresh }: { rand?: string; version: number; onRefresh: () => void }) => {
  const { t } = useTranslation('auth');
  const src = `/login/authCode.action?${rand ? `rand=${encodeURIComponent(rand)}&` : ''}v=${version}`;
  return (
    <div className="captcha">
      <button type="button" className="captcha-picture" onClick={onRefresh} title={t('captcha.refresh')}>
        <img src={src} alt={t('captcha.alt')} width={120} height={40} data-testid="captcha-image" />
      </button>
      <button
        type="button"
        className="captcha-refresh"
        onClick={onRefresh}
        aria-label={t('captcha.refresh')}
        title={t('captcha.refresh')}
      >
        <ReloadIcon />
      </button>
    </div>
  );
};
