import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { queueAllows } from '@portal/shared';
import { useClusterQueues } from '../../api/apply-choices';
import { ClusterField } from './ClusterField';

/** Queue access: a queue of the cluster that the chosen account may not use yet. */
export const QueueFields = () => {
  const { t } = useTranslation('applications');
  const clusterId = Form.useWatch<string | undefined>('clusterId');
  const account = Form.useWatch<string | undefined>('accountName');
  const queues = useClusterQueues(clusterId, true);
  const closed = (queues.data ?? []).filter((q) => !queueAllows(q.allowAccounts, account));
  return (
    <>
      <ClusterField />
      <Form.Item
        name="queue"
        label={t('apply.queue')}
        rules={[{ required: true, message: t('apply.required') }]}
        extra={queues.data && closed.length === 0 ? t('apply.noQueues') : undefined}
      >
        <Select
          loading={queues.isFetching}
          disabled={queues.data !== undefined && closed.length === 0}
          options={closed.map((q) => ({ value: q.name, label: q.name }))}
        />
      </Form.Item>
    </>
  );
};
