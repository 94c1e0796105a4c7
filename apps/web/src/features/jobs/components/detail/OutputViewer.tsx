import { Empty, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasOutput, type JobListItem } from '@portal/shared';
import { OutputPane } from './OutputPane';

type Stream = 'stdout' | 'stderr';

/** Standard output and error of a job; queued or held jobs have none yet. */
export const OutputViewer = ({ job }: { job: Pick<JobListItem, 'jobId' | 'clusterId' | 'jobStatus'> }) => {
  const { t } = useTranslation('job-details');
  const [stream, setStream] = useState<Stream>('stdout');
  if (!hasOutput(job.jobStatus)) return <Empty description={t('output.none')} />;
  return (
    <Tabs
      activeKey={stream}
      onChange={(k) => setStream(k as Stream)}
      items={(['stdout', 'stderr'] as const).map((s) => ({
        key: s,
        label: t(`output.${s}`),
        children:
          stream === s ? <OutputPane jobId={job.jobId} clusterId={job.clusterId} stream={s} state={job.jobStatus} /> : null,
      }))}
    />
  );
};
