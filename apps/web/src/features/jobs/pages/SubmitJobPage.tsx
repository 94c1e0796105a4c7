import { Card, Result, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/errors';
import { useJob } from '../api/get-job';
import { useJobTemplates } from '../api/list-job-templates';
import { useMyAccounts } from '../api/list-my-accounts';
import { useQueues } from '../api/list-queues';
import { copyOfJob } from '../components/submit/copy-model';
import { SubmitJobForm } from '../components/submit/SubmitJobForm';

/**
 * Submit a batch job from an application template; `?copyOf=<jobId>&clusterId=` fills the form with
 * that job's parameters ("resubmit / copy job" from its details), `?template=<id>` starts on that
 * template (an application's "Submit job" on My desktops).
 */
const SubmitJobPage = () => {
  const { t } = useTranslation('job-submit');
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const copyOf = params.get('copyOf') ?? '';
  const clusterId = params.get('clusterId') || undefined;
  const initialTemplate = params.get('template') || undefined;
  const templates = useJobTemplates();
  const queues = useQueues(clusterId);
  const source = useJob(copyOf, clusterId);
  // Without an answer (an error) the form has no account field and the server picks the default.
  const accounts = useMyAccounts();
  // Only a first load that failed replaces the form: a background refetch that fails keeps what
  // the user has typed (its data stays in the cache).
  const failed = (!templates.data && templates.error) || (!queues.data && queues.error) || null;
  const waiting = !templates.data || !queues.data || accounts.isPending || (copyOf !== '' && source.isPending);
  return (
    <Card title={t('title')}>
      {failed ? (
        <Result status="error" title={t('loadFailed')} subTitle={errorText(failed)} />
      ) : copyOf && !source.data && source.isError ? (
        <Result status="error" title={t('copy.loadFailed', { id: copyOf })} subTitle={errorText(source.error)} />
      ) : waiting ? (
        <Skeleton active paragraph={{ rows: 12 }} />
      ) : templates.data.length === 0 || queues.data.length === 0 ? (
        <Result status="info" title={t(templates.data.length ? 'noQueues' : 'noTemplates')} />
      ) : (
        <SubmitJobForm
          // A form per source job: its initial values are read once.
          key={`${copyOf}|${initialTemplate ?? ''}`}
          templates={templates.data}
          queues={queues.data}
          accounts={accounts.data ?? []}
          workDir="~"
          initialTemplate={initialTemplate}
          copy={source.data ? copyOfJob(source.data, templates.data, queues.data) : undefined}
        />
      )}
    </Card>
  );
};

export default SubmitJobPage;
