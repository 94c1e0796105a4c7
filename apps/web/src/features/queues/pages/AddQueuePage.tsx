import { App, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '../../../lib/errors';
import { useCreateQueue } from '../api/create-queue';
import { QueueForm } from '../components/QueueForm';
import { bodyOf, NEW_QUEUE } from '../components/queue-form-model';
import { QUEUES_PATH } from '../components/queue-paths';

/** The spec's "add queue" page (/job-resource/queue-manage/add/addQueue/account). */
const AddQueuePage = () => {
  const { t } = useTranslation('queues');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const create = useCreateQueue();
  return (
    <Card title={t('add.title')}>
      <QueueForm
        initial={NEW_QUEUE}
        editing={false}
        saving={create.isPending}
        onCancel={() => void navigate(QUEUES_PATH)}
        onSubmit={(v) =>
          create.mutate(
            { name: v.name, ...bodyOf(v) },
            {
              onSuccess: () => {
                void message.success(t('add.done', { name: v.name }));
                void navigate(QUEUES_PATH);
              },
              onError: (err) => void message.error(errorText(err)),
            },
          )
        }
      />
    </Card>
  );
};

export default AddQueuePage;
