import { useSearchParams } from 'react-router';
import { JobDetailView } from '../components/detail/JobDetailView';

/** /my-job/history-job/historyDetails?jobId=&clusterId= */
const HistoryDetailsPage = () => {
  const [params] = useSearchParams();
  return (
    <JobDetailView
      key={params.get('jobId')}
      jobId={params.get('jobId') ?? ''}
      clusterId={params.get('clusterId') || undefined}
      mode="history"
      backTo="/my-job/history-job"
    />
  );
};

export default HistoryDetailsPage;
