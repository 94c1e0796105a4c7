import { Alert, Button, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { emailRules } from '../../../components/contact-rules';
import { useErrorText } from '../../../lib/errors';
import { useLoginConfig } from '../../../lib/queries/login-config';
import { useForgotPassword } from '../api/forgot-pwd';
import { AuthShell } from '../components/AuthShell';

export const ForgotPasswordPage = () => {
  const { t } = useTranslation('auth');
  const forgot = useForgotPassword();
  const errorText = useErrorText();
  const config = useLoginConfig();
  // No SMTP configured: no link can be mailed, the administrator sets a temporary password instead.
  if (config.data && !config.data.forgotPasswordEnabled)
    return (
      <AuthShell title={t('forgot.title')}>
        <Result
          status="info"
          title={t('forgot.noMailTitle')}
          subTitle={t('forgot.noMailText')}
          extra={<Link to="/login">{t('register.toLogin')}</Link>}
        />
      </AuthShell>
    );
  return (
    <AuthShell title={t('forgot.title')}>
      {forgot.isSuccess ? (
        <Result
          status="success"
          title={t('forgot.sentTitle')}
          subTitle={t('forgot.sentText')}
          extra={<Link to="/login">{t('register.toLogin')}</Link>}
        />
      ) : (
        <>
          <p>{t('forgot.intro')}</p>
          {forgot.isError && <Alert type="error" showIcon title={errorText(forgot.error)} style={{ marginBottom: 16 }} />}
          <Form
            layout="vertical"
            onFinish={(v: { userName: string; email: string }) =>
              forgot.mutate({ userName: v.userName.trim(), email: v.email.trim() })
            }
            disabled={forgot.isPending}
          >
            <Form.Item
              name="userName"
              label={t('login.userName')}
              rules={[{ required: true, whitespace: true, message: t('login.userNameRequired') }]}
            >
              <Input autoComplete="username" maxLength={64} />
            </Form.Item>
            <Form.Item name="email" label={t('register.email')} rules={emailRules(t)}>
              <Input autoComplete="email" maxLength={128} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={forgot.isPending}>
              {t('forgot.submit')}
            </Button>
          </Form>
          <div style={{ marginTop: 16 }}>
            <Link to="/login">{t('register.toLogin')}</Link>
          </div>
        </>
      )}
    </AuthShell>
  );
};
