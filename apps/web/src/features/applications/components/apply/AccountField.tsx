import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AccountItem } from '@portal/shared';

/** The account the hours or the queue are asked for: one of the caller's, the default marked. */
export const AccountField = ({ accounts }: { accounts: AccountItem[] }) => {
  const { t } = useTranslation('applications');
  const { t: tq } = useTranslation('quotas');
  return (
    <Form.Item name="accountName" label={t('apply.account')} rules={[{ required: true, message: t('apply.required') }]}>
      <Select
        options={accounts.map((a) => ({
          value: a.accountName,
          label: a.isDefault ? `${a.accountName} (${tq('default')})` : a.accountName,
        }))}
      />
    </Form.Item>
  );
};
