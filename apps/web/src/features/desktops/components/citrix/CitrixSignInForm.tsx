import { Alert, Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CITRIX_PASSWORD_MAX } from '@portal/shared';
import { useErrorText } from '../../../../lib/errors';
import { useCitrixSignIn } from '../../api/citrix-sign-in';

/**
 * The password prompt: the user's Citrix (domain) password for `userName`, which the server passes
 * to StoreFront once for this portal session. A refusal says why, in the user's language.
 */
export const CitrixSignInForm = ({ userName }: { userName: string }) => {
  const { t } = useTranslation('citrix');
  const errorText = useErrorText();
  const signIn = useCitrixSignIn();
  return (
    <Form<{ password: string }>
      layout="vertical"
      requiredMark={false}
      onFinish={({ password }) => signIn.mutate(password)}
      aria-label={t('signIn.title')}
      style={{ maxWidth: 440 }}
    >
      <Typography.Title level={5}>{t('signIn.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('signIn.intro', { user: userName })}</Typography.Paragraph>
      <Form.Item name="password" label={t('signIn.password')} rules={[{ required: true, message: t('signIn.required') }]}>
        <Input.Password maxLength={CITRIX_PASSWORD_MAX} autoComplete="off" />
      </Form.Item>
      {signIn.isError && (
        <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={errorText(signIn.error)} />
      )}
      <Button type="primary" htmlType="submit" loading={signIn.isPending}>
        {t('signIn.submit')}
      </Button>
    </Form>
  );
};
