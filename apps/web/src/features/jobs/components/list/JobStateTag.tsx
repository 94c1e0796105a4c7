import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { stateCode, type ExitStatus, type JobState } from '@portal/shared';
import { EXIT_STATUS_COLORS, STATE_COLORS } from './job-style';

/**
 * A job's state as a coloured tag (class statR, statQ, ...). `undetermined`: the scheduler did not
 * answer, so the last known state is only a hint.
 */
export const JobStateTag = ({
  state,
  detail,
  undetermined = false,
}: {
  state: JobState;
  detail?: string;
  undetermined?: boolean;
}) => {
  const { t } = useTranslation('jobs');
  if (undetermined)
    return (
      <Tooltip title={t('state.lastKnown', { state: t(`state.${state}`) })}>
        <Tag className="job-state statUnknown">{t('state.undetermined')}</Tag>
      </Tooltip>
    );
  const tag = (
    <Tag color={STATE_COLORS[state]} className={`job-state ${stateCode(state)}`}>
      {t(`state.${state}`)}
    </Tag>
  );
  return detail ? <Tooltip title={detail}>{tag}</Tooltip> : tag;
};

export const ExitStatusTag = ({ status }: { status: ExitStatus | null }) => {
  const { t } = useTranslation('jobs');
  if (!status) return <span>-</span>;
  return <Tag color={EXIT_STATUS_COLORS[status]}>{t(`exitStatus.${status}`)}</Tag>;
};
