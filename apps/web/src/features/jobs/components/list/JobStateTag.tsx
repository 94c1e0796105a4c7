import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { exitDetailOf, stateCode, stateWordOf, type JobListItem, type JobState } from '@portal/shared';
import { EXIT_STATUS_COLORS, STATE_COLORS } from './job-style';

type StateOf = Pick<JobListItem, 'jobStatus' | 'exitStatus' | 'exitCode' | 'reason'>;

/** A job's state in the one word every list and the details use, e.g. "Running", "Failed · exit 1". */
export const useStateText = () => {
  const { t } = useTranslation('jobs');
  return (job: StateOf): string => {
    // The shared vocabulary decides the word: how a finished job ended, else its state.
    const word = stateWordOf(job);
    const text = word === job.jobStatus ? t(`state.${job.jobStatus}`) : t(`exitStatus.${job.exitStatus ?? 'complete'}`);
    const detail = exitDetailOf(job);
    return detail ? `${text} · ${t(`exitDetail.${detail.kind}`, { value: detail.value })}` : text;
  };
};

/**
 * A job's state as one coloured tag (class statR, statQ, ...): its state while it has not
 * finished, how it ended once it has, with a failure's exit code beside. Why a job waits is its
 * tooltip. `undetermined`: the scheduler did not answer, so the last known state is only a hint.
 */
export const JobStateTag = ({
  job: given,
  state,
  undetermined = false,
}: {
  job?: StateOf;
  /** Only a state, for a job known to be active (an overview row): the same word as the lists. */
  state?: JobState;
  undetermined?: boolean;
}) => {
  const { t } = useTranslation('jobs');
  const job: StateOf = given ?? { jobStatus: state ?? 'X', exitStatus: null, exitCode: null, reason: '' };
  const stateText = useStateText();
  if (undetermined)
    return (
      <Tooltip title={t('state.lastKnown', { state: stateText(job) })}>
        <Tag className="job-state statUnknown">{t('state.undetermined')}</Tag>
      </Tooltip>
    );
  const finished = job.jobStatus === 'C';
  const tag = (
    <Tag
      color={finished ? EXIT_STATUS_COLORS[job.exitStatus ?? 'complete'] : STATE_COLORS[job.jobStatus]}
      className={`job-state ${stateCode(job.jobStatus)}`}
    >
      {stateText(job)}
    </Tag>
  );
  const why = !finished && job.reason ? t('state.reason', { reason: job.reason }) : '';
  return why ? <Tooltip title={why}>{tag}</Tooltip> : tag;
};
