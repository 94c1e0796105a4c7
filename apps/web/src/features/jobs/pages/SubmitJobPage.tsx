import { Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/errors';
import { useJobTemplates } from '../api/list-job-templates';
import { useQueues } from '../api/list-queues';
import { SubmitJobForm } from '../components/submit/SubmitJobForm';

/** Submit a batch job from an application template. */
const SubmitJobPage = () => {
  const { t } = useTranslation('job-submit');
  const errorText = useErrorText();
  const templates = useJobTemplates();
  const queues = useQueues();
  const failed = templates.error ?? queues.error;
  return (
    <Card title={t('title')}>
      {failed ? (
        <Result status="error" title={t('loadFailed')} subTitle={errorText(failed)} />
      ) : !templates.data || !queues.data ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : templates.data.length === 0 || queues.data.length === 0 ? (
        <Result status="info" title={t(templates.data.length ? 'noQueues' : 'noTemplates')} />
      ) : (
        <SubmitJobForm templates={templates.data} queues={queues.data} workDir="~" />
      )}
    </Card>
  );
};

export default SubmitJobPage;
