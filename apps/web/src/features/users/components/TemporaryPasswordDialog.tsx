import { Alert, Button, Form, Input, Modal, Space } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PasswordStrength, UserSummary } from '@portal/shared';
import { confirmPasswordRules, newPasswordRules } from '../../../components/password-rules';
import { PasswordStrengthHint } from '../../../components/PasswordStrengthHint';
import { generateTemporaryPassword } from './temporary-password';

interface Values {
  newPwd: string;
  verifyCheckNewPwd: string;
}

interface Props {
  user: UserSummary | null;
  strength: PasswordStrength;
  loading: boolean;
  onCancel: () => void;
  onOk: (values: Values) => void;
}

/** An administrator sets a temporary password for a user who forgot theirs (portals without mail). */
export const TemporaryPasswordDialog = ({ user, strength, loading, onCancel, onOk }: Props) => {
  const { t } = useTranslation('users');
  const [form] = Form.useForm<Values>();
  const rules = useMemo(
    () => ({ pwd: newPasswordRules(t, strength), confirm: confirmPasswordRules(t, 'newPwd') }),
    [t, strength],
  );
  useEffect(() => {
    if (user) form.resetFields();
  }, [user, form]);
  const generate = () => {
    const pwd = generateTemporaryPassword();
    form.setFieldsValue({ newPwd: pwd, verifyCheckNewPwd: pwd });
    void form.validateFields();
  };
  return (
    <Modal
      open={!!user}
      title={t('temporary.title', { name: user?.userName })}
      okText={t('temporary.ok')}
      onCancel={onCancel}
      confirmLoading={loading}
      destroyOnHidden
      onOk={() => void form.validateFields().then(onOk)}
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('temporary.intro', { name: user?.userName })} />
      <Form form={form} layout="vertical" disabled={loading}>
        <Form.Item label={t('temporary.password')} required extra={<PasswordStrengthHint strength={strength} />}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="newPwd" noStyle rules={rules.pwd}>
              <Input autoComplete="off" maxLength={32} aria-label={t('temporary.password')} spellCheck={false} />
            </Form.Item>
            <Button onClick={generate}>{t('temporary.generate')}</Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="verifyCheckNewPwd" label={t('temporary.confirm')} dependencies={['newPwd']} rules={rules.confirm}>
          <Input autoComplete="off" maxLength={32} spellCheck={false} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
