import { JobDetailFromAddress } from '../components/detail/JobDetailFromAddress';

/** /my-job/current-job/jobDetails/?jobId=&clusterId= */
const JobDetailsPage = () => <JobDetailFromAddress mode="current" backTo="/my-job/current-job" />;

export default JobDetailsPage;
