import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AccountStatus } from '@portal/shared';

const colors: Record<AccountStatus, string> = { Normal: 'green', Trial: 'blue', Frozen: 'orange', Disable: 'red' };

/** The status word in a colour (the word carries the meaning, the colour only repeats it). */
export const AccountStatusTag = ({ status }: { status: AccountStatus }) => {
  const { t } = useTranslation('accounts');
  return <Tag color={colors[status]}>{t(`status.${status}`)}</Tag>;
};
