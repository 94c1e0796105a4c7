import { Alert, Button, Flex, Form, Input, Result } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DESCRIPTION_MAX, patterns } from '@portal/shared';
import { descriptionRules, emailRules, phoneRules } from '../../../components/contact-rules';
import { confirmPasswordRules, newPasswordRules } from '../../../components/password-rules';
import { PasswordStrengthHint } from '../../../components/PasswordStrengthHint';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import { useLoginConfig } from '../../../lib/queries/login-config';
import { userNameTaken } from '../api/check-user-exist';
import { useRegister } from '../api/register-user';
import { AuthShell } from '../components/AuthShell';
import { CaptchaImage } from '../components/CaptchaImage';

interface Values {
  userName: string;
  userPwd: string;
  confirmPwd: string;
  email: string;
  phoneNum?: string;
  descInfo?: string;
  code: string;
}

const newRand = () => crypto.randomUUID().replace(/-/g, '');

export const RegisterPage = () => {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<Values>();
  const config = useLoginConfig();
  const register = useRegister();
  const errorText = useErrorText();
  const [rand, setRand] = useState(newRand);
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const strength = config.data?.passwordStrength ?? 'middle';
  const rules = useMemo(
    () => ({ pwd: newPasswordRules(t, strength), confirm: confirmPasswordRules(t, 'userPwd') }),
    [t, strength],
  );

  if (register.isSuccess)
    return (
      <AuthShell title={t('register.title')} width={520}>
        <Result
          status="success"
          title={t('register.doneTitle')}
          subTitle={t('register.doneText')}
          extra={<Link to="/login">{t('register.toLogin')}</Link>}
        />
      </AuthShell>
    );
  if (config.data && !config.data.registrationEnabled)
    return (
      <AuthShell title={t('register.title')} width={520}>
        <Result status="info" title={t('register.closed')} extra={<Link to="/login">{t('register.toLogin')}</Link>} />
      </AuthShell>
    );

  const submit = ({ confirmPwd: _c, ...v }: Values) => {
    setError(null);
    register.mutate(
      { ...v, rand, userName: v.userName.trim(), phoneNum: v.phoneNum ?? '', descInfo: v.descInfo ?? '' },
      {
        onError: (err) => {
          if (err instanceof ApiError && err.reason === 'authCodeIncorrect') {
            form.setFields([{ name: 'code', value: '', errors: [t('captcha.incorrect')] }]);
            setRand(newRand());
            setCaptchaVersion((x) => x + 1);
          } else if (err instanceof ApiError && err.reason === 'userNameDuplicated') {
            form.setFields([{ name: 'userName', errors: [t('register.duplicated')] }]);
          } else setError(errorText(err));
        },
      },
    );
  };

  return (
    <AuthShell title={t('register.title')} width={520}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        disabled={register.isPending}
        validateTrigger={['onChange', 'onBlur']}
      >
        <Form.Item
          name="userName"
          label={t('register.userName')}
          extra={t('register.userNameHint')}
          validateDebounce={400}
          rules={[
            { required: true, whitespace: true, message: t('register.userNameRequired') },
            { pattern: patterns.userName, message: t('register.userNameInvalid') },
            { pattern: patterns.accountName, message: t('register.userNameNotPosix') },
            {
              validator: async (_, value: string | undefined) => {
                if (value && patterns.accountName.test(value) && (await userNameTaken(value)))
                  throw new Error(t('register.duplicated'));
              },
              validateTrigger: 'onBlur',
            },
          ]}
        >
          <Input autoComplete="username" maxLength={32} autoFocus />
        </Form.Item>
        <Form.Item
          name="userPwd"
          label={t('register.password')}
          extra={<PasswordStrengthHint strength={strength} />}
          rules={rules.pwd}
        >
          <Input.Password autoComplete="new-password" maxLength={32} />
        </Form.Item>
        <Form.Item name="confirmPwd" label={t('register.confirmPassword')} dependencies={['userPwd']} rules={rules.confirm}>
          <Input.Password autoComplete="new-password" maxLength={32} />
        </Form.Item>
        <Form.Item name="email" label={t('register.email')} rules={emailRules(t)}>
          <Input autoComplete="email" maxLength={128} />
        </Form.Item>
        <Form.Item name="phoneNum" label={t('register.phone')} rules={phoneRules(t)}>
          <Input autoComplete="tel" maxLength={11} />
        </Form.Item>
        <Form.Item name="descInfo" label={t('register.description')} rules={descriptionRules(t)}>
          <Input.TextArea rows={2} showCount maxLength={DESCRIPTION_MAX} />
        </Form.Item>
        <Form.Item label={t('captcha.label')} required extra={t('captcha.whyRegister')}>
          <Flex gap={8}>
            <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('captcha.required') }]}>
              <Input maxLength={8} autoComplete="off" aria-label={t('captcha.label')} />
            </Form.Item>
            <CaptchaImage rand={rand} version={captchaVersion} onRefresh={() => setCaptchaVersion((x) => x + 1)} />
          </Flex>
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
          {t('register.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16 }}>
        <Link to="/login">{t('register.haveAccount')}</Link>
      </div>
    </AuthShell>
  );
};
