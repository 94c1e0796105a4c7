import { useSearchParams } from 'react-router';
import { JobDetailView } from './JobDetailView';

/** The job named by the address (`?jobId=&clusterId=`); a new job id is a fresh view. */
export const JobDetailFromAddress = ({ mode, backTo }: { mode: 'current' | 'history'; backTo: string }) => {
  const [params] = useSearchParams();
  return (
    <JobDetailView
      key={params.get('jobId')}
      jobId={params.get('jobId') ?? ''}
      clusterId={params.get('clusterId') || undefined}
      mode={mode}
      backTo={backTo}
    />
  );
};
