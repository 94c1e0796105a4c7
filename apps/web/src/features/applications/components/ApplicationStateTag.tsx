import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApplicationState } from '@portal/shared';

const COLORS: Record<ApplicationState, string> = {
  Pending: 'processing',
  Approved: 'success',
  Refused: 'error',
  Withdrawn: 'default',
  Failed: 'warning',
};

export const ApplicationStateTag = ({ state }: { state: ApplicationState }) => {
  const { t } = useTranslation('applications');
  return <Tag color={COLORS[state]}>{t(`state.${state}`)}</Tag>;
};
