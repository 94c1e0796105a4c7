import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { patterns, type ImportKeyBody } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { useImportKey } from '../api/import-key';
import { KeyList } from './KeyList';

/** Import public key (spec: key name and key content, 445 px, 8-row text area). */
export const ImportKeyDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('keys');
  const [form] = Form.useForm<ImportKeyBody>();
  const importKey = useImportKey();
  const { message } = App.useApp();
  const errorText = useErrorText();

  const submit = async () => {
    const values = await form.validateFields();
    importKey.mutate(values, {
      onSuccess: (r) => {
        void message.success(t('importKey.done', { fingerprint: r.fingerprint }));
        form.resetFields();
        onClose();
      },
      onError: (err) => void message.error(errorText(err)),
    });
  };

  return (
    <Modal
      open={open}
      width={445}
      title={t('importKey.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('importKey.submit')}
      confirmLoading={importKey.isPending}
      destroyOnHidden
    >
      <KeyList enabled={open} />
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="rsaKeyName"
          label={t('importKey.name')}
          rules={[
            { required: true, message: t('importKey.nameRequired') },
            { pattern: patterns.keyName, message: t('importKey.nameInvalid') },
          ]}
        >
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="rsaKeyContent"
          label={t('importKey.content')}
          extra={t('importKey.contentHint')}
          rules={[{ required: true, whitespace: true, message: t('importKey.contentRequired') }]}
        >
          <Input.TextArea rows={8} spellCheck={false} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
