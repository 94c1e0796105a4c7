import { Descriptions, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { JobDetail } from '@portal/shared';
import { formatDateTime } from '../../../../lib/format';
import { JobStateTag } from '../list/JobStateTag';
import { formatMemoryMB, formatSeconds, pair } from './detail-format';
import { useTemplateName } from './SubmissionSection';

type Items = NonNullable<DescriptionsProps['items']>;
const text = (v: string | null | undefined) => v || '-';
const mono = (v: string) =>
  v ? (
    <Typography.Text code copyable={{ text: v }}>
      {v}
    </Typography.Text>
  ) : (
    '-'
  );

interface Props {
  job: JobDetail;
  undetermined: boolean;
}

/** Who, what and where: the job's identity, state, times and resources. */
export const JobSections = ({ job, undetermined }: Props) => {
  const { t } = useTranslation('job-details');
  const templateName = useTemplateName();
  const finished = job.jobStatus === 'C';
  const basic: Items = [
    { key: 'jobId', label: t('field.jobId'), children: job.jobId },
    { key: 'name', label: t('field.name'), children: job.name },
    { key: 'user', label: t('field.owner'), children: job.userName },
    { key: 'account', label: t('field.account'), children: text(job.account) },
    { key: 'queue', label: t('field.queue'), children: job.queue },
    { key: 'cluster', label: t('field.cluster'), children: text(job.clusterName) },
    {
      key: 'state',
      label: t('field.state'),
      children: <JobStateTag job={job} undetermined={undetermined} />,
    },
    ...(!finished && job.reason ? [{ key: 'reason', label: t('field.reason'), children: job.reason }] : []),
    { key: 'appType', label: t('field.appType'), children: templateName(job.appType) },
    { key: 'priority', label: t('field.priority'), children: job.priority },
    { key: 'restarts', label: t('field.restartCount'), children: job.restartCount },
    // The raw "code:signal" for those who need it; the state above already says how it ended.
    ...(finished ? [{ key: 'exitCode', label: t('field.exitCode'), children: text(job.exitCode) }] : []),
  ];
  const times: Items = [
    { key: 'submit', label: t('field.submitTime'), children: formatDateTime(job.submitTime) },
    { key: 'expected', label: t('field.expectedStartTime'), children: formatDateTime(job.expectedStartTime) },
    { key: 'start', label: t('field.startTime'), children: formatDateTime(job.startTime) },
    { key: 'end', label: t('field.endTime'), children: formatDateTime(job.endTime) },
    { key: 'runtime', label: t('field.runtime'), children: formatSeconds(job.runtime) },
    {
      key: 'limit',
      label: t('field.timeLimit'),
      children: job.timeLimit === null ? t('unlimited') : formatSeconds(job.timeLimit),
    },
    {
      key: 'max',
      label: t('field.maxRunTime'),
      // Accounting does not keep the queue's limit: unknown for a finished job, not unlimited.
      children: job.maxRunTime !== null ? formatSeconds(job.maxRunTime) : finished ? '-' : t('unlimited'),
    },
  ];
  const resources: Items = [
    { key: 'cpus', label: t('field.cpus'), children: pair(job.cpusApplied, job.cpusOccupied) },
    { key: 'gpus', label: t('field.gpus'), children: pair(job.gpusApplied, job.gpusOccupied) },
    { key: 'dcus', label: t('field.dcus'), children: pair(job.dcusApplied, job.dcusOccupied) },
    { key: 'nodes', label: t('field.nodes'), children: pair(job.nodesApplied, job.nodesOccupied) },
    {
      key: 'mem',
      label: t('field.memory'),
      children: pair(formatMemoryMB(job.memoryAppliedMB), formatMemoryMB(job.memoryUsedMB)),
    },
    {
      key: 'physMem',
      label: t('field.physicalVirtualMemory'),
      children: pair(formatMemoryMB(job.physicalMemoryMB), formatMemoryMB(job.virtualMemoryMB)),
    },
    { key: 'hosts', label: t('field.execHosts'), children: text(job.execHosts || job.nodeName), span: 2 },
  ];
  const files: Items = [
    { key: 'workDir', label: t('field.workDir'), children: mono(job.workDir), span: 3 },
    { key: 'stdout', label: t('field.stdoutPath'), children: mono(job.stdoutPath), span: 3 },
    { key: 'stderr', label: t('field.stderrPath'), children: mono(job.stderrPath), span: 3 },
    { key: 'command', label: t('field.command'), children: mono(job.command), span: 3 },
    { key: 'params', label: t('field.submitParams'), children: mono(job.submitParams), span: 3 },
  ];
  const section = (title: string, items: Items) => (
    <Descriptions
      title={title}
      items={items}
      size="small"
      bordered
      column={{ xs: 1, md: 2, xl: 3 }}
      style={{ marginBottom: 24 }}
    />
  );
  return (
    <>
      {section(t('section.basic'), basic)}
      {section(t('section.times'), times)}
      {section(t('section.resources'), resources)}
      {section(t('section.files'), files)}
    </>
  );
};
