import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlarmItem } from '@portal/shared';
import { formatDateTime } from '../../../lib/format';
import type { ConfirmAction } from '../api/alarm-list-confirm';
import { REMARK_MAX, remarkProblem } from './alarm-list-model';

export interface ConfirmTarget {
  action: ConfirmAction;
  alarms: readonly AlarmItem[];
}

interface Props {
  target: ConfirmTarget | null;
  loading: boolean;
  onCancel: () => void;
  onOk: (remark: string) => void;
}

/** How many alarms a dialog names one by one; more are counted. */
const NAMED = 5;

/**
 * Confirming alarms, or taking their confirmation back, asks for a remark (spec section 5: not
 * empty, at most 128 characters); it is kept in the alarms' confirmation log.
 */
export const AlarmConfirmDialog = ({ target, loading, onCancel, onOk }: Props) => {
  const { t } = useTranslation('alarm-list');
  const [form] = Form.useForm<{ remark: string }>();
  const count = target?.alarms.length ?? 0;
  const names = (target?.alarms ?? [])
    .slice(0, NAMED)
    .map((a) => `${a.resName} (${formatDateTime(a.alarmTime)})`)
    .join(', ');
  return (
    <Modal
      open={!!target}
      title={t(target?.action === 'unconfirm' ? 'dialog.unconfirmTitle' : 'dialog.confirmTitle', { count })}
      okText={t(target?.action === 'unconfirm' ? 'unconfirm' : 'confirm')}
      onCancel={onCancel}
      confirmLoading={loading}
      onOk={() =>
        void form
          .validateFields()
          .then((v) => onOk(v.remark.trim()))
          .catch(() => {})
      }
      width={440}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {count > NAMED ? t('dialog.alarmsMore', { names, count: count - NAMED }) : t('dialog.alarms', { names })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="remark"
          label={t('dialog.remark')}
          required
          rules={[
            {
              validator: (_, v: string | undefined) => {
                const p = remarkProblem(v);
                return p ? Promise.reject(new Error(t(`dialog.remarkProblem.${p}`, { max: REMARK_MAX }))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={REMARK_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
};
