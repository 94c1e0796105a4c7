import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Role } from '@portal/shared';
import { RoleSelect } from './RoleSelect';

/** Render with a key per selection, so each opening starts from the defaults. */
interface Props<V> {
  userNames: string[];
  onCancel: () => void;
  onOk: (v: V) => void;
  loading: boolean;
}

/** Approve: choose the role the new users get (default user). */
export const ApproveDialog = ({ userNames, onCancel, onOk, loading }: Props<{ roleId: number }>) => {
  const { t } = useTranslation('users');
  const [roleId, setRoleId] = useState<number>(Role.user);
  return (
    <Modal
      open={userNames.length > 0}
      title={t('approve.title', { count: userNames.length })}
      onCancel={onCancel}
      onOk={() => onOk({ roleId })}
      confirmLoading={loading}
      okText={t('approve.action')}
      width={440}
      destroyOnHidden
    >
      <p>{userNames.join(', ')}</p>
      <Form layout="vertical">
        <Form.Item label={t('approve.role')}>
          <RoleSelect value={roleId} onChange={setRoleId} aria-label={t('approve.role')} />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/** Refuse: an optional reason the user is told when signing in. */
export const RefuseDialog = ({ userNames, onCancel, onOk, loading }: Props<{ reason: string }>) => {
  const { t } = useTranslation('users');
  const [reason, setReason] = useState('');
  return (
    <Modal
      open={userNames.length > 0}
      title={t('refuse.title', { count: userNames.length })}
      onCancel={onCancel}
      onOk={() => onOk({ reason })}
      confirmLoading={loading}
      okText={t('refuse.action')}
      okButtonProps={{ danger: true }}
      width={440}
      destroyOnHidden
    >
      <p>{userNames.join(', ')}</p>
      <Form layout="vertical">
        <Form.Item label={t('refuse.reason')}>
          <Input.TextArea
            rows={3}
            maxLength={128}
            showCount
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-label={t('refuse.reason')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
