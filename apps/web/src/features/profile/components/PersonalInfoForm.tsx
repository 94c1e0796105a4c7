import { App, Button, Form, Input, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DESCRIPTION_MAX, type ModifyUserInfoBody } from '@portal/shared';
import { descriptionRules, emailRules, phoneRules } from '../../../components/contact-rules';
import { useErrorText } from '../../../lib/errors';
import { useModifyUserInfo } from '../api/modify-user-info';
import { useLoginUser } from '../../../lib/queries/login-user';

/** Modify personal information: e-mail required, phone optional, description up to 128 characters. */
export const PersonalInfoForm = () => {
  const { t } = useTranslation('profile');
  const [form] = Form.useForm<ModifyUserInfoBody>();
  const user = useLoginUser();
  const modify = useModifyUserInfo();
  const { message } = App.useApp();
  const errorText = useErrorText();

  useEffect(() => {
    if (user.data) form.setFieldsValue({ email: user.data.email, phoneNum: user.data.phoneNum, descInfo: user.data.descInfo });
  }, [user.data, form]);

  if (!user.data) return <Skeleton active />;
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 445 }}
      disabled={modify.isPending}
      onFinish={(v) =>
        modify.mutate(
          { email: v.email.trim(), phoneNum: v.phoneNum?.trim() ?? '', descInfo: v.descInfo ?? '' },
          {
            onSuccess: () => void message.success(t('common:operationSuccess')),
            onError: (e) => void message.error(errorText(e)),
          },
        )
      }
    >
      {/* Not a field of the form (no name), so the label is tied to the input by hand. */}
      <Form.Item label={t('userName')} htmlFor="personal-user-name">
        <Input id="personal-user-name" value={user.data.userName} disabled />
      </Form.Item>
      <Form.Item name="email" label={t('email')} rules={emailRules(t)}>
        <Input maxLength={128} autoComplete="email" />
      </Form.Item>
      <Form.Item name="phoneNum" label={t('phone')} rules={phoneRules(t)}>
        <Input maxLength={11} autoComplete="tel" />
      </Form.Item>
      <Form.Item name="descInfo" label={t('description')} rules={descriptionRules(t)}>
        <Input.TextArea rows={3} showCount maxLength={DESCRIPTION_MAX} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={modify.isPending}>
        {t('save')}
      </Button>
    </Form>
  );
};
