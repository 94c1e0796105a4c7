import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import { useLicenseInfo } from '../../../lib/queries/license-info';
import { useLoginConfig } from '../../../lib/queries/login-config';
import { useSession } from '../../../lib/session';
import { useCheckLock } from '../api/check-lock';
import { useLoginAuth } from '../api/login-auth';
import { AuthShell } from '../components/AuthShell';
import { CaptchaImage } from '../components/CaptchaImage';

interface Values {
  strUserName: string;
  strPassword: string;
  authCode?: string;
}

/** Only same-site paths are followed after sign-in. */
const safeRedirect = (to: string | null) => (to && to.startsWith('/') && !to.startsWith('//') ? to : '/');

export const LoginPage = () => {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<Values>();
  const [params] = useSearchParams();
  const { begin, status } = useSession();
  const config = useLoginConfig();
  const license = useLicenseInfo();
  const lock = useCheckLock();
  const login = useLoginAuth();
  const errorText = useErrorText();
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const [needCode, setNeedCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const showCaptcha = needCode || !!lock.data?.needAuthCode;

  const submit = (values: Values) => {
    setError(null);
    login.mutate(
      { strUserName: values.strUserName.trim(), strPassword: values.strPassword, strUserType: '0', authCode: values.authCode },
      {
        // The session loads next; this page then follows the redirect below.
        onSuccess: () => begin(),
        onError: (err) => {
          const refuseReason = err instanceof ApiError && typeof err.data.refuseReason === 'string' ? err.data.refuseReason : '';
          setError(refuseReason ? `${errorText(err)} ${t('login.refuseReason', { reason: refuseReason })}` : errorText(err));
          if (err instanceof ApiError && err.data.needAuthCode === true) setNeedCode(true);
          form.setFieldValue('authCode', '');
          setCaptchaVersion((v) => v + 1);
        },
      },
    );
  };

  if (status === 'signedIn') return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return (
    <AuthShell title={t('login.title')}>
      {license.data?.expired && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t(license.data.trial ? 'license.trialExpired' : 'license.notAuthorized')}
        />
      )}
      {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} data-testid="login-error" />}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={login.isPending}>
        <Form.Item
          name="strUserName"
          label={t('login.userName')}
          rules={[{ required: true, whitespace: true, message: t('login.userNameRequired') }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus maxLength={64} />
        </Form.Item>
        <Form.Item
          name="strPassword"
          label={t('login.password')}
          rules={[{ required: true, message: t('login.passwordRequired') }]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={128} />
        </Form.Item>
        {showCaptcha && (
          <Form.Item label={t('captcha.label')} required extra={t('captcha.whyLogin')}>
            <Flex gap={8}>
              <Form.Item name="authCode" noStyle rules={[{ required: true, message: t('captcha.required') }]}>
                <Input prefix={<SafetyOutlined />} maxLength={8} autoComplete="off" aria-label={t('captcha.label')} />
              </Form.Item>
              <CaptchaImage version={captchaVersion} onRefresh={() => setCaptchaVersion((v) => v + 1)} />
            </Flex>
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </Form>
      <Flex justify="space-between" style={{ marginTop: 16 }}>
        {config.data?.registrationEnabled ? <Link to="/register">{t('login.register')}</Link> : <span />}
        {/* Always offered: without mail the page says whom to ask. */}
        <Link to="/forgot-password">{t('login.forgot')}</Link>
      </Flex>
    </AuthShell>
  );
};
