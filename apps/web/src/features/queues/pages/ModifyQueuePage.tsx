import { Alert, App, Card, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useErrorText } from '../../../lib/errors';
import { useQueueList } from '../api/list-queues';
import { useModifyQueue } from '../api/modify-queue';
import { QueueForm } from '../components/QueueForm';
import { bodyOf, valuesOf } from '../components/queue-form-model';
import { QUEUES_PATH } from '../components/queue-paths';

/** The spec's "modify queue" page (/job-resource/queue-manage/add/modify/account?name=<queue>). */
const ModifyQueuePage = () => {
  const { t } = useTranslation('queues');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const name = params.get('name') ?? '';
  const list = useQueueList();
  const modify = useModifyQueue();
  const queue = list.data?.find((q) => q.name === name);
  return (
    <Card title={t('modify.title', { name })}>
      {list.isPending ? (
        <Spin />
      ) : !list.data ? (
        <Alert type="error" showIcon title={errorText(list.error)} />
      ) : !queue ? (
        <Alert type="warning" showIcon title={t('modify.missing', { name })} />
      ) : (
        <QueueForm
          initial={valuesOf(queue)}
          editing
          saving={modify.isPending}
          onCancel={() => void navigate(QUEUES_PATH)}
          onSubmit={(v) =>
            modify.mutate(
              { name, body: bodyOf(v) },
              {
                onSuccess: () => {
                  void message.success(t('modify.done', { name }));
                  void navigate(QUEUES_PATH);
                },
                onError: (err) => void message.error(errorText(err)),
              },
            )
          }
        />
      )}
    </Card>
  );
};

export default ModifyQueuePage;
