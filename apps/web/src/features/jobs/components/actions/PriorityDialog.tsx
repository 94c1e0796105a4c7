import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRIORITY_MAX, checkPriority } from './action-rules';

interface Props {
  /** The job whose priority changes; null closes the dialog. */
  job: { jobId: string; priority: number } | null;
  loading: boolean;
  onCancel: () => void;
  onOk: (priority: number) => void;
}

/** Change a job's priority: a natural number not above the scheduler's maximum. */
export const PriorityDialog = ({ job, loading, onCancel, onOk }: Props) => {
  const { t } = useTranslation('jobs');
  const [form] = Form.useForm<{ priority: string }>();
  return (
    <Modal
      open={!!job}
      title={t('priority.title', { id: job?.jobId })}
      onCancel={onCancel}
      confirmLoading={loading}
      // A refusal is shown beside the field.
      onOk={() =>
        void form
          .validateFields()
          .then((v) => onOk(Number(v.priority.trim())))
          .catch(() => {})
      }
      width={440}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ priority: String(job?.priority ?? '') }} preserve={false}>
        <Form.Item
          name="priority"
          label={t('priority.label')}
          extra={t('priority.hint', { max: PRIORITY_MAX })}
          rules={[
            {
              validator: (_, v: string | undefined) => {
                const problem = checkPriority(v ?? '');
                return problem ? Promise.reject(new Error(t(problem, { max: PRIORITY_MAX }))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
};
