import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@portal/shared';
import { OrgUnitSelect } from '../../../components/org-unit-select/OrgUnitSelect';
import type { UserChange } from '../api/modify-user';
import { RoleSelect } from './RoleSelect';

interface Props {
  user: UserSummary | null;
  /** Administrators cannot change their own role. */
  isSelf: boolean;
  loading: boolean;
  onCancel: () => void;
  onOk: (change: UserChange) => void;
}

export const EditUserDialog = ({ user, isSelf, loading, onCancel, onOk }: Props) => {
  const { t } = useTranslation('users');
  const [form] = Form.useForm<Omit<UserChange, 'userName'>>();
  useEffect(() => {
    if (user) form.setFieldsValue({ roleId: user.roleId, groupName: user.groupName, departmentId: user.departmentId });
  }, [user, form]);
  return (
    <Modal
      open={!!user}
      title={t('edit.title', { name: user?.userName })}
      onCancel={onCancel}
      confirmLoading={loading}
      onOk={() => void form.validateFields().then((v) => user && onOk({ userName: user.userName, ...v }))}
      width={440}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item name="roleId" label={t('col.role')} extra={isSelf ? t('edit.selfRole') : undefined}>
          <RoleSelect disabled={isSelf} />
        </Form.Item>
        <Form.Item name="groupName" label={t('col.group')} rules={[{ max: 64 }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="departmentId" label={t('col.department')} extra={t('edit.departmentHint')}>
          <OrgUnitSelect />
        </Form.Item>
      </Form>
    </Modal>
  );
};
