import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TransferMode } from '../api/transfer-files';
import { baseName, cleanPathInput } from '../lib/paths';

interface Props {
  mode: TransferMode;
  paths: string[];
  /** The folder shown, the default target. */
  folder: string;
  loading: boolean;
  onOk: (to: string) => void;
  onCancel: () => void;
}

/** Copy to / move to: a target folder, the current one unless the user types another. */
export const TransferDialog = ({ mode, paths, folder, loading, onOk, onCancel }: Props) => {
  const { t } = useTranslation('files');
  const [form] = Form.useForm<{ to: string }>();
  return (
    <Modal
      open
      title={
        mode === 'copy' ? t('transfer.copyTitle', { count: paths.length }) : t('transfer.moveTitle', { count: paths.length })
      }
      okText={mode === 'copy' ? t('action.copy') : t('action.move')}
      cancelText={t('action.cancel')}
      confirmLoading={loading}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph ellipsis={{ rows: 3 }}>{paths.map(baseName).join(', ')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ to: folder }} onFinish={(v) => onOk(cleanPathInput(v.to) ?? v.to)}>
        <Form.Item
          name="to"
          label={t('transfer.target')}
          rules={[
            {
              validator: (_, v: string | undefined) =>
                v && cleanPathInput(v) ? Promise.resolve() : Promise.reject(new Error(t('path.invalid'))),
            },
          ]}
        >
          <Input autoFocus spellCheck={false} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
