import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountUsable, type AccountItem } from '@portal/shared';

/** The account the job is charged to: the user's accounts, default first; frozen and disabled ones say why they cannot be chosen. */
export const AccountField = ({ accounts }: { accounts: AccountItem[] }) => {
  const { t } = useTranslation('job-submit');
  return (
    <Form.Item
      name="account"
      label={t('field.account')}
      extra={t('accountHint')}
      rules={[{ required: true, message: t('required', { field: t('field.account') }) }]}
    >
      <Select
        options={accounts.map((a) => ({
          value: a.accountName,
          disabled: !accountUsable(a.status),
          label: [
            a.accountName,
            a.isDefault ? t('account.default') : '',
            accountUsable(a.status) ? '' : t(`account.blocked.${a.status}`),
          ]
            .filter(Boolean)
            .join(' '),
        }))}
      />
    </Form.Item>
  );
};
