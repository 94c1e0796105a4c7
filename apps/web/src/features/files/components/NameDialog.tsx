import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileName } from '@portal/shared';

interface Props {
  title: string;
  initial?: string;
  loading: boolean;
  onOk: (name: string) => void;
  onCancel: () => void;
}

/** Asks for one name (new folder, new file, rename); names with a slash or . and .. are refused. */
export const NameDialog = ({ title, initial = '', loading, onOk, onCancel }: Props) => {
  const { t } = useTranslation('files');
  const [form] = Form.useForm<{ name: string }>();
  return (
    <Modal
      open
      title={title}
      okText={t('action.ok')}
      cancelText={t('action.cancel')}
      confirmLoading={loading}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: initial }} onFinish={(v) => onOk(v.name.trim())}>
        <Form.Item
          name="name"
          label={t('dialog.name')}
          rules={[
            { required: true, whitespace: true, message: t('dialog.nameRequired') },
            {
              validator: (_, v: string | undefined) =>
                !v || FileName.safeParse(v.trim()).success
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('dialog.nameInvalid'))),
            },
          ]}
        >
          <Input
            autoFocus
            spellCheck={false}
            onFocus={(e) => {
              // Select the name without its extension, as file managers do on rename.
              const dot = e.target.value.lastIndexOf('.');
              e.target.setSelectionRange(0, dot > 0 ? dot : e.target.value.length);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
