import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../../lib/format';
import { useCan } from '../../../../lib/session';

interface Props {
  /** When the scheduler snapshot behind the list was taken. */
  snapshotAt?: string | null;
  fetching: boolean;
  onRefresh: () => void;
}

/** Above a job list: how fresh it is, refresh now, and submit a new job. */
export const ListToolbar = ({ snapshotAt, fetching, onRefresh }: Props) => {
  const { t } = useTranslation('jobs');
  const can = useCan();
  const navigate = useNavigate();
  return (
    <Flex gap={8} align="center">
      {snapshotAt && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('snapshotAt', { time: formatDateTime(snapshotAt) })}
        </Typography.Text>
      )}
      <Tooltip title={t('refresh')}>
        <Button icon={<SyncOutlined spin={fetching} aria-hidden />} aria-label={t('refresh')} onClick={onRefresh} />
      </Tooltip>
      {can('jobs:submit') && (
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => void navigate('/my-job/submit')}>
          {t('submit.action')}
        </Button>
      )}
    </Flex>
  );
};
