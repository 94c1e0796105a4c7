import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isSchedulerError, useErrorText } from '../../../../lib/errors';
import { useSession } from '../../../../lib/session';
import { useJob } from '../../api/get-job';
import { JobActionButtons } from '../actions/JobActionButtons';
import { useJobActions } from '../actions/use-job-actions';
import { historyDetailsPath } from '../../../../lib/job-links';
import { SchedulerErrorAlert } from '../list/SchedulerErrorAlert';
import { useLastDefined } from '../list/use-list-state';
import { HistorySection } from './HistorySection';
import { JobSections } from './JobSections';
import { JobShortcuts } from './JobShortcuts';
import { OutputViewer } from './OutputViewer';
import { ScriptBlock } from './ScriptBlock';
import { SubmissionSection } from './SubmissionSection';

interface Props {
  jobId: string;
  clusterId: string | undefined;
  /** history: the accounting fields come first and no actions are offered. */
  mode: 'current' | 'history';
  backTo: string;
}

/** Every field of a job, what may be done to it now, and its output. */
export const JobDetailView = ({ jobId, clusterId, mode, backTo }: Props) => {
  const { t } = useTranslation('job-details');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { refreshMs } = useSession();
  const query = useJob(jobId, clusterId, mode === 'current' ? refreshMs : undefined);
  const actions = useJobActions();
  const schedulerDown = query.isError && isSchedulerError(query.error);
  const last = useLastDefined(query.data);
  const job = query.data ?? (schedulerDown ? last : undefined);
  const back = (
    <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => void navigate(backTo)}>
      {t('back')}
    </Button>
  );

  if (!jobId) return <Result status="warning" title={t('noJob')} extra={back} />;
  if (!job && query.isPending)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  if (!job)
    return schedulerDown ? (
      <Card>
        <SchedulerErrorAlert error={query.error} />
        {back}
      </Card>
    ) : (
      <Result status="error" title={t('loadFailed', { id: jobId })} subTitle={errorText(query.error)} extra={back} />
    );

  const finished = job.jobStatus === 'C';
  return (
    <Card
      title={t(mode === 'history' ? 'historyTitle' : 'title', { id: job.jobId, name: job.name })}
      extra={
        mode === 'current' && (
          <JobActionButtons
            size="middle"
            actions={job.actions}
            extendable={job.extendableSeconds}
            disabled={schedulerDown}
            onRun={(a) => actions.run(job, a, job.extendableSeconds)}
          />
        )
      }
    >
      <div style={{ marginBottom: 16 }}>{back}</div>
      <JobShortcuts job={job} />
      {schedulerDown && <SchedulerErrorAlert error={query.error} hint={t('schedulerHint')} />}
      {mode === 'current' && finished && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('finished')}
          action={<Link to={historyDetailsPath(job)}>{t('toHistory')}</Link>}
        />
      )}
      <div style={schedulerDown ? { opacity: 0.5 } : undefined}>
        {(mode === 'history' || finished) && <HistorySection job={job} />}
        <JobSections job={job} undetermined={schedulerDown} />
        <SubmissionSection job={job} />
        <ScriptBlock script={job.script} />
      </div>
      <Card type="inner" title={t('output.title')}>
        <OutputViewer job={job} />
      </Card>
      {actions.dialogs}
    </Card>
  );
};
