import { Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_STATUSES, type AccountStatus } from '@portal/shared';

interface Props {
  onName: (name: string | undefined) => void;
  onStatus: (status: AccountStatus | undefined) => void;
}

/** Name and status filters of the account list (uncontrolled: a new key clears them). */
export const AccountFilters = ({ onName, onStatus }: Props) => {
  const { t } = useTranslation('accounts');
  return (
    <Flex gap={8} wrap>
      <Input.Search
        allowClear
        placeholder={t('searchName')}
        aria-label={t('searchName')}
        style={{ width: 240 }}
        onSearch={(v) => onName(v.trim() || undefined)}
      />
      <Select<AccountStatus>
        allowClear
        placeholder={t('col.status')}
        aria-label={t('col.status')}
        style={{ width: 160 }}
        options={ACCOUNT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        onChange={(s?: AccountStatus) => onStatus(s)}
      />
    </Flex>
  );
};
