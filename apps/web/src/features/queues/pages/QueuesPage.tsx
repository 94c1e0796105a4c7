import { App, Button, Card, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { QueueItem } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { useCan } from '../../../lib/session';
import { useDeleteQueue } from '../api/delete-queue';
import { useQueueList } from '../api/list-queues';
import { queueColumns } from '../components/queue-columns';
import { ADD_QUEUE_PATH, MODIFY_QUEUE_PATH } from '../components/queue-paths';

/** The cluster's queues with their limits, nodes and allowed accounts; administrators add, change and delete them. */
const QueuesPage = () => {
  const { t } = useTranslation('queues');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const manage = useCan()('queues:manage');
  const list = useQueueList();
  const remove = useDeleteQueue();
  const columns = queueColumns(
    t,
    manage
      ? {
          onModify: (q) => void navigate(`${MODIFY_QUEUE_PATH}?name=${encodeURIComponent(q.name)}`),
          onDelete: (q) =>
            remove.mutate(q.name, {
              onSuccess: () => void message.success(t('delete.done', { name: q.name })),
              onError: (err) => void message.error(errorText(err)),
            }),
        }
      : null,
  );
  return (
    <Card
      title={t('list.title')}
      extra={
        manage && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => void navigate(ADD_QUEUE_PATH)}>
            {t('add.action')}
          </Button>
        )
      }
    >
      <Table<QueueItem>
        rowKey="name"
        size="middle"
        columns={columns}
        dataSource={list.data}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: list.isError ? errorText(list.error) : t('list.empty') }}
      />
    </Card>
  );
};

export default QueuesPage;
