import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserStatus } from '@portal/shared';

const colors: Record<UserStatus, string> = { active: 'green', pending: 'gold', refused: 'default', frozen: 'red' };

export const StatusTag = ({ status }: { status: UserStatus }) => {
  const { t } = useTranslation('users');
  return <Tag color={colors[status]}>{t(`status.${status}`)}</Tag>;
};
