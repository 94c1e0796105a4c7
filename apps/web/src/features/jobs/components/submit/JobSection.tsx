import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { patterns, type AccountItem, type Queue } from '@portal/shared';
import { formatSeconds } from '../detail/detail-format';
import { AccountField } from './AccountField';
import { PathField } from './PathField';

/** Name, queue (with its limits), account and working directory. */
export const JobSection = ({
  queues,
  queue,
  clusterId,
  accounts,
}: {
  queues: Queue[];
  /** The user's accounts (none: no account field, the server decides). */
  accounts: AccountItem[];
  queue: Queue | undefined;
  clusterId?: string | undefined;
}) => {
  const { t } = useTranslation('job-submit');
  const maxText = (q: Queue) => (q.maxTime === null ? t('unlimited') : formatSeconds(q.maxTime));
  return (
    <section aria-labelledby="submit-job">
      <Typography.Title level={5} id="submit-job">
        {t('section.job')}
      </Typography.Title>
      <Form.Item
        name="name"
        label={t('field.name')}
        rules={[
          { required: true, message: t('required', { field: t('field.name') }) },
          { pattern: patterns.jobName, message: t('nameRule') },
        ]}
      >
        <Input maxLength={128} spellCheck={false} />
      </Form.Item>
      <Form.Item
        name="queue"
        label={t('field.queue')}
        rules={[{ required: true, message: t('required', { field: t('field.queue') }) }]}
        extra={
          queue &&
          t('queueInfo', { max: maxText(queue), nodes: queue.totalNodes, cores: queue.totalCores, gpus: queue.totalGpus })
        }
      >
        <Select
          options={queues.map((q) => ({
            value: q.name,
            label: `${q.name} (${t('maxTime', { max: maxText(q) })})`,
            disabled: q.state !== 'up',
          }))}
        />
      </Form.Item>
      {accounts.length > 0 && <AccountField accounts={accounts} />}
      <Form.Item
        name="workDir"
        label={t('field.workDir')}
        rules={[{ required: true, whitespace: true, message: t('required', { field: t('field.workDir') }) }]}
      >
        <PathField mode="folder" clusterId={clusterId} placeholder="~/jobs" />
      </Form.Item>
    </section>
  );
};
