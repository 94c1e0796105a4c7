import { App, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACCOUNT_STATUSES,
  DESCRIPTION_MAX,
  patterns,
  type AccountItem,
  type AccountStatus,
  type CreateAccountBody,
} from '@portal/shared';
import { OrgUnitSelect } from '../../../../components/org-unit-select/OrgUnitSelect';
import { OwnerInput } from './OwnerInput';

export interface AccountValues {
  accountName: string;
  description: string;
  ownerName: string;
  orgUnitId: number | null;
  status: AccountStatus;
}

interface Props {
  /** Creating (true), editing an account, or closed (null). */
  account: AccountItem | true | null;
  loading: boolean;
  onCancel: () => void;
  onOk: (values: CreateAccountBody) => void;
}

/** Statuses that stop new jobs: choosing one asks first, saying what it blocks. */
const BLOCKING: readonly AccountStatus[] = ['Frozen', 'Disable'];

/** Create an account, or change one's description, owner, department and status. */
export const AccountFormDialog = ({ account, loading, onCancel, onOk }: Props) => {
  const { t } = useTranslation('accounts');
  const { modal } = App.useApp();
  const [form] = Form.useForm<AccountValues>();
  const editing = typeof account === 'object' ? account : null;
  useEffect(() => {
    if (!account) return;
    form.setFieldsValue(
      editing
        ? { ...editing, orgUnitId: editing.orgUnitId }
        : { accountName: '', description: '', ownerName: '', orgUnitId: null, status: 'Normal' },
    );
  }, [account, editing, form]);

  const save = (v: AccountValues) => {
    const body = { ...v, accountName: editing?.accountName ?? v.accountName };
    const blocking = BLOCKING.includes(v.status) && editing?.status !== v.status;
    if (!blocking) return onOk(body);
    modal.confirm({
      title: t(`statusConfirm.${v.status}.title`, { name: body.accountName }),
      content: t(`statusConfirm.${v.status}.content`),
      okText: t(`statusConfirm.${v.status}.ok`),
      okButtonProps: { danger: true },
      onOk: () => onOk(body),
    });
  };

  return (
    <Modal
      open={!!account}
      title={editing ? t('edit.title', { name: editing.accountName }) : t('create.title')}
      onCancel={onCancel}
      confirmLoading={loading}
      okText={editing ? t('edit.ok') : t('create.ok')}
      onOk={() => void form.validateFields().then(save)}
      width={440}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={save}>
        <Form.Item
          name="accountName"
          label={t('col.accountName')}
          validateFirst
          rules={
            editing
              ? []
              : [
                  { required: true, message: t('create.nameRequired') },
                  { pattern: patterns.lowercaseIdentifier, message: t('create.nameRule') },
                ]
          }
          extra={editing ? undefined : t('create.nameRule')}
          validateTrigger={['onChange', 'onBlur']}
        >
          <Input maxLength={16} disabled={!!editing} spellCheck={false} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="ownerName"
          label={t('col.owner')}
          rules={[{ required: true, whitespace: true, message: t('create.ownerRequired') }]}
        >
          <OwnerInput />
        </Form.Item>
        <Form.Item name="orgUnitId" label={t('col.org')}>
          <OrgUnitSelect />
        </Form.Item>
        <Form.Item name="status" label={t('col.status')} extra={t('statusHint')}>
          <Select options={ACCOUNT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))} />
        </Form.Item>
        <Form.Item name="description" label={t('col.description')} rules={[{ max: DESCRIPTION_MAX }]}>
          <Input.TextArea maxLength={DESCRIPTION_MAX} rows={2} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
};
