import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { checkLock, getIndexData, loginAuth } from '@portal/shared';
import {
  CloseCircleIcon,
  ExclamationCircleIcon,
  LoadingIcon,
  LockIcon,
  SafetyIcon,
  UserIcon,
} from '../../../components/plain-icons';
import { api, ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import { publicLicenseInfo, publicLoginConfig, usePublicData } from '../../../lib/public-data';
import { loginMarker } from '../../../lib/storage';
import { AuthShell } from '../components/AuthShell';
import { CaptchaImage } from '../components/CaptchaImage';
import { PlainField } from '../components/PlainField';

/*
 * The sign-in page: the first load of every visit that is not signed in. Plain elements and
 * direct calls (no antd, no TanStack Query), so it loads light; the console comes after sign-in.
 */

interface Values {
  strUserName: string;
  strPassword: string;
  authCode: string;
}
type Errors = Partial<Record<keyof Values, string>>;

/** antd's buttons put a space between two Chinese characters (登 录): so does this one. */
const buttonText = (text: string) => (/^[\u4e00-\u9fa5]{2}$/.test(text) ? text.split('').join(' ') : text);

/** Only same-site paths are followed after sign-in. */
const safeRedirect = (to: string | null) => (to && to.startsWith('/') && !to.startsWith('//') ? to : '/');

/** `loadConsole` starts fetching the console while the server checks the password. */
export const LoginPage = ({ loadConsole }: { loadConsole: () => void }) => {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const config = usePublicData(publicLoginConfig);
  const license = usePublicData(publicLicenseInfo);
  const errorText = useErrorText();
  const [values, setValues] = useState<Values>({ strUserName: '', strPassword: '', authCode: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const [needCode, setNeedCode] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const redirect = safeRedirect(params.get('redirect'));

  useEffect(() => {
    let live = true;
    // Whether this browser must solve a captcha before signing in.
    api(checkLock, { body: {} }).then(
      (lock) => live && lock.needAuthCode && setNeedCode(true),
      () => {},
    );
    // Signed in already (the marker of a sign-in is there and the session holds): on to the console.
    if (loginMarker.get())
      api(getIndexData).then(
        () => live && void navigate(redirect, { replace: true }),
        (err: unknown) => {
          if (err instanceof ApiError && err.isUnauthenticated) loginMarker.clear();
        },
      );
    return () => {
      live = false;
    };
  }, [navigate, redirect]);

  // The rules of antd's form before: required, the user name not blank.
  const check = (v: Values, field?: keyof Values): Errors => {
    const all: Errors = {
      strUserName: v.strUserName.trim() ? undefined : t('login.userNameRequired'),
      strPassword: v.strPassword ? undefined : t('login.passwordRequired'),
      authCode: !needCode || v.authCode ? undefined : t('captcha.required'),
    };
    return field ? { ...errors, [field]: all[field] } : all;
  };
  const change = (field: keyof Values) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setErrors(check(next, field)); // checked as typed, as antd's form did
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = check(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setError(null);
    setPending(true);
    loadConsole();
    try {
      await api(loginAuth, {
        body: {
          strUserName: values.strUserName.trim(),
          strPassword: values.strPassword,
          strUserType: '0',
          authCode: values.authCode || undefined,
        },
      });
      loginMarker.set();
      await navigate(redirect, { replace: true });
    } catch (err) {
      const refuseReason = err instanceof ApiError && typeof err.data.refuseReason === 'string' ? err.data.refuseReason : '';
      setError(refuseReason ? `${errorText(err)} ${t('login.refuseReason', { reason: refuseReason })}` : errorText(err));
      if (err instanceof ApiError && err.data.needAuthCode === true) setNeedCode(true);
      setValues((v) => ({ ...v, authCode: '' }));
      setCaptchaVersion((v) => v + 1);
      setPending(false);
    }
  };

  return (
    <AuthShell title={t('login.title')}>
      {license?.expired && (
        <div className="auth-alert auth-alert-warning" role="alert">
          <ExclamationCircleIcon />
          <span>{t(license.trial ? 'license.trialExpired' : 'license.notAuthorized')}</span>
        </div>
      )}
      {error && (
        <div className="auth-alert auth-alert-error" role="alert" data-testid="login-error">
          <CloseCircleIcon />
          <span>{error}</span>
        </div>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <PlainField
          id="strUserName"
          label={t('login.userName')}
          icon={<UserIcon />}
          value={values.strUserName}
          onValue={change('strUserName')}
          error={errors.strUserName}
          autoComplete="username"
          autoFocus
          maxLength={64}
          disabled={pending}
        />
        <PlainField
          id="strPassword"
          label={t('login.password')}
          icon={<LockIcon />}
          type="password"
          reveal
          value={values.strPassword}
          onValue={change('strPassword')}
          error={errors.strPassword}
          autoComplete="current-password"
          maxLength={128}
          disabled={pending}
        />
        {needCode && (
          <PlainField
            id="authCode"
            label={t('captcha.label')}
            icon={<SafetyIcon />}
            value={values.authCode}
            onValue={change('authCode')}
            error={errors.authCode}
            hint={t('captcha.whyLogin')}
            beside={<CaptchaImage version={captchaVersion} onRefresh={() => setCaptchaVersion((v) => v + 1)} />}
            autoComplete="off"
            maxLength={8}
            disabled={pending}
          />
        )}
        <button type="submit" className="auth-submit" disabled={pending}>
          {pending && <LoadingIcon />}
          {buttonText(t('login.submit'))}
        </button>
      </form>
      <div className="auth-links">
        {/* Both pages are the console's: fetched as the pointer or the focus comes near. */}
        {config?.registrationEnabled ? (
          <Link to="/register" onPointerEnter={loadConsole} onFocus={loadConsole}>
            {t('login.register')}
          </Link>
        ) : (
          <span />
        )}
        {/* Always offered: without mail the page says whom to ask. */}
        <Link to="/forgot-password" onPointerEnter={loadConsole} onFocus={loadConsole}>
          {t('login.forgot')}
        </Link>
      </div>
    </AuthShell>
  );
};
