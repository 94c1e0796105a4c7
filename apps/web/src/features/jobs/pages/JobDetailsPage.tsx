import { useSearchParams } from 'react-router';
import { JobDetailView } from '../components/detail/JobDetailView';

/** /my-job/current-job/jobDetails/?jobId=&clusterId= */
const JobDetailsPage = () => {
  const [params] = useSearchParams();
  return (
    <JobDetailView
      key={params.get('jobId')}
      jobId={params.get('jobId') ?? ''}
      clusterId={params.get('clusterId') || undefined}
      mode="current"
      backTo="/my-job/current-job"
    />
  );
};

export default JobDetailsPage;
