import { Descriptions, Form, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '@portal/shared';
import { checkExtend, extendSeconds } from './action-rules';

export interface ExtendTarget {
  jobId: string;
  /** Seconds; null = unlimited. */
  timeLimit: number | null;
  /** Seconds the limit can still grow; null = no bound. */
  extendable: number | null;
}

interface Props {
  target: ExtendTarget | null;
  loading: boolean;
  onCancel: () => void;
  onOk: (v: { hours: number; minutes: number }) => void;
}

type Values = { hours: string; minutes: string };

/** Add hours and minutes to a job's time limit, never beyond the queue's maximum run time. */
export const ExtendTimeDialog = ({ target, loading, onCancel, onOk }: Props) => {
  const { t } = useTranslation('jobs');
  const [form] = Form.useForm<Values>();
  const hours = Form.useWatch('hours', form) ?? '';
  const minutes = Form.useWatch('minutes', form) ?? '';
  const problem = target ? checkExtend(hours, minutes, target.extendable) : null;
  const newLimit = target?.timeLimit != null && !problem ? target.timeLimit + extendSeconds(hours, minutes) : null;
  // Validators run before the next render: read the fields themselves, not the watched values.
  const validate = () => {
    const v = form.getFieldsValue();
    const p = target ? checkExtend(v.hours ?? '', v.minutes ?? '', target.extendable) : null;
    return p ? Promise.reject(new Error(t(p))) : Promise.resolve();
  };
  return (
    <Modal
      open={!!target}
      title={t('extend.title', { id: target?.jobId })}
      onCancel={onCancel}
      confirmLoading={loading}
      onOk={() =>
        // A refusal is shown beside the fields.
        void form
          .validateFields()
          .then((v) => onOk({ hours: Number(v.hours?.trim() || 0), minutes: Number(v.minutes?.trim() || 0) }))
          .catch(() => {})
      }
      width={440}
      destroyOnHidden
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('extend.current')}>
          {target?.timeLimit != null ? formatDuration(target.timeLimit) : t('unlimited')}
        </Descriptions.Item>
        <Descriptions.Item label={t('extend.remaining')}>
          {target?.extendable != null ? formatDuration(target.extendable) : t('unlimited')}
        </Descriptions.Item>
        <Descriptions.Item label={t('extend.newLimit')}>{newLimit !== null ? formatDuration(newLimit) : '-'}</Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical" preserve={false}>
        <Space align="start">
          <Form.Item name="hours" label={t('extend.hours')} dependencies={['minutes']} rules={[{ validator: validate }]}>
            <Input inputMode="numeric" autoComplete="off" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="minutes" label={t('extend.minutes')} dependencies={['hours']}>
            <Input inputMode="numeric" autoComplete="off" style={{ width: 140 }} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
};
