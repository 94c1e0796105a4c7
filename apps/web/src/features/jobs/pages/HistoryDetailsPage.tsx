import { JobDetailFromAddress } from '../components/detail/JobDetailFromAddress';

/** /my-job/history-job/historyDetails?jobId=&clusterId= */
const HistoryDetailsPage = () => <JobDetailFromAddress mode="history" backTo="/my-job/history-job" />;

export default HistoryDetailsPage;
