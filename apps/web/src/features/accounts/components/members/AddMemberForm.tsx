import { App, Button, Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../../lib/errors';
import { useAddAccountMember } from '../../api/add-account-member';
import { OwnerInput } from '../edit/OwnerInput';

interface Values {
  userName: string;
  isDefault: boolean;
}

/** Add a user to the account by name; optionally make it their default account. */
export const AddMemberForm = ({ accountName }: { accountName: string }) => {
  const { t } = useTranslation('accounts');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<Values>();
  const add = useAddAccountMember();
  const submit = ({ userName, isDefault }: Values) =>
    add.mutate(
      { accountName, userName: userName.trim(), ...(isDefault ? { isDefault } : {}) },
      {
        onSuccess: () => {
          void message.success(t('members.addedDone', { user: userName.trim() }));
          form.resetFields();
        },
        onError: (e) => form.setFields([{ name: 'userName', errors: [errorText(e)] }]),
      },
    );
  return (
    <Form<Values> form={form} layout="inline" onFinish={submit} initialValues={{ userName: '', isDefault: false }}>
      <Form.Item
        name="userName"
        label={t('members.addLabel')}
        rules={[{ required: true, whitespace: true, message: t('members.userRequired') }]}
      >
        <OwnerInput />
      </Form.Item>
      <Form.Item name="isDefault" valuePropName="checked">
        <Checkbox>{t('members.makeDefault')}</Checkbox>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          {t('members.add')}
        </Button>
      </Form.Item>
    </Form>
  );
};
