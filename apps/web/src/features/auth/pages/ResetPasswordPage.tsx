import { Alert, Button, Form, Input, Result } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { confirmPasswordRules, newPasswordRules } from '../../../components/password-rules';
import { PasswordStrengthHint } from '../../../components/PasswordStrengthHint';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import { useLoginConfig } from '../../../lib/queries/login-config';
import { useResetPassword, useResetTokenCheck } from '../api/reset-pwd';
import { AuthShell } from '../components/AuthShell';

export const ResetPasswordPage = () => {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const config = useLoginConfig();
  const reset = useResetPassword();
  const check = useResetTokenCheck(token);
  const errorText = useErrorText();
  const strength = config.data?.passwordStrength ?? 'middle';
  const rules = useMemo(
    () => ({ pwd: newPasswordRules(t, strength), confirm: confirmPasswordRules(t, 'newPwd') }),
    [t, strength],
  );

  if (reset.isSuccess)
    return (
      <AuthShell title={t('reset.title')}>
        <Result status="success" title={t('reset.doneTitle')} extra={<Link to="/login">{t('register.toLogin')}</Link>} />
      </AuthShell>
    );
  // A link that is mistyped, used or expired says so at once, with the way to a new one.
  const linkError = [check.error, reset.error].find(
    (e) => e instanceof ApiError && (e.reason === 'resetTokenInvalid' || e.reason === 'resetTokenExpired'),
  );
  if (linkError)
    return (
      <AuthShell title={t('reset.title')}>
        <Result
          status="warning"
          title={errorText(linkError)}
          data-testid="reset-link-error"
          extra={[
            <Link key="again" to="/forgot-password">
              {t('reset.askAgain')}
            </Link>,
            <Link key="login" to="/login">
              {t('register.toLogin')}
            </Link>,
          ]}
        />
      </AuthShell>
    );
  return (
    <AuthShell title={t('reset.title')}>
      {!token && <Alert type="error" showIcon title={t('reset.noToken')} style={{ marginBottom: 16 }} />}
      {check.isError && !linkError && <Alert type="error" showIcon title={errorText(check.error)} style={{ marginBottom: 16 }} />}
      {reset.isError && <Alert type="error" showIcon title={errorText(reset.error)} style={{ marginBottom: 16 }} />}
      <Form
        layout="vertical"
        disabled={!token || !check.isSuccess || reset.isPending}
        onFinish={(v: { newPwd: string; verifyCheckNewPwd: string }) => reset.mutate({ token, ...v })}
      >
        <Form.Item
          name="newPwd"
          label={t('reset.newPassword')}
          extra={<PasswordStrengthHint strength={strength} />}
          rules={rules.pwd}
        >
          <Input.Password autoComplete="new-password" maxLength={32} />
        </Form.Item>
        <Form.Item name="verifyCheckNewPwd" label={t('register.confirmPassword')} dependencies={['newPwd']} rules={rules.confirm}>
          <Input.Password autoComplete="new-password" maxLength={32} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </Form>
    </AuthShell>
  );
};
