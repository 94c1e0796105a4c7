import { App, Button, Form, Input } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmPasswordRules, newPasswordRules } from '../../../components/password-rules';
import { PasswordStrengthHint } from '../../../components/PasswordStrengthHint';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import { useSession } from '../../../lib/session';
import { useModifyPwd } from '../api/modify-pwd';

interface Values {
  oldPwd: string;
  newPwd: string;
  verifyCheckNewPwd: string;
}

/**
 * Modify password with the portal's strength rule; the user's other sessions end. `temporary`: the
 * old password is the one an administrator set (the forced change at sign-in).
 */
export const ChangePasswordForm = ({ temporary = false, onChanged }: { temporary?: boolean; onChanged?: () => void }) => {
  const { t } = useTranslation('profile');
  const [form] = Form.useForm<Values>();
  const { indexData } = useSession();
  const modify = useModifyPwd();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const strength = indexData?.passwordStrength ?? 'middle';
  const rules = useMemo(
    () => ({ pwd: newPasswordRules(t, strength), confirm: confirmPasswordRules(t, 'newPwd') }),
    [t, strength],
  );

  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 445 }}
      disabled={modify.isPending}
      onFinish={(v) =>
        modify.mutate(v, {
          onSuccess: () => {
            void message.success(t('passwordChanged'));
            form.resetFields();
            onChanged?.();
          },
          onError: (e) => {
            if (e instanceof ApiError && e.reason === 'oldPasswordWrong')
              form.setFields([{ name: 'oldPwd', errors: [errorText(e)] }]);
            else void message.error(errorText(e));
          },
        })
      }
    >
      <Form.Item
        name="oldPwd"
        label={t(temporary ? 'temporaryPassword' : 'oldPassword')}
        rules={[{ required: true, message: t('oldPasswordRequired') }]}
      >
        <Input.Password autoComplete="current-password" maxLength={128} />
      </Form.Item>
      <Form.Item name="newPwd" label={t('newPassword')} extra={<PasswordStrengthHint strength={strength} />} rules={rules.pwd}>
        <Input.Password autoComplete="new-password" maxLength={32} />
      </Form.Item>
      <Form.Item name="verifyCheckNewPwd" label={t('confirmPassword')} dependencies={['newPwd']} rules={rules.confirm}>
        <Input.Password autoComplete="new-password" maxLength={32} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={modify.isPending}>
        {t('changePassword')}
      </Button>
    </Form>
  );
};
