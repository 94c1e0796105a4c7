import { Alert, App, Button, Flex, Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesktopViewMode } from '@portal/shared';
import { useErrorText } from '../../../../lib/errors';
import { useDesktops } from '../../api/list-desktops';
import { useShareDesktop } from '../../api/share-desktop';
import { ShareList } from './ShareList';
import { useViewModeOptions } from './view-mode-options';

interface ShareValues {
  userName: string;
  viewMode: DesktopViewMode;
}

/** Share one of the caller's running desktops; the list below shows who has it, in which mode. */
export const ShareDesktopDialog = ({ sessionId, onClose }: { sessionId: string; onClose(): void }) => {
  const { t } = useTranslation('desktops');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<ShareValues>();
  const desktops = useDesktops();
  const share = useShareDesktop(sessionId);
  const modes = useViewModeOptions();
  // Read from the list, so a share made here shows at once (the server answers with the desktop).
  const session = desktops.data?.list.find((s) => s.sessionId === sessionId);

  const submit = (v: ShareValues) =>
    share.mutate(
      { userName: v.userName.trim(), viewMode: v.viewMode },
      {
        onSuccess: () => {
          void message.success(t('share.done', { user: v.userName.trim() }));
          form.resetFields(['userName']);
        },
      },
    );

  return (
    <Modal
      open
      title={t('share.title', { name: session?.sessionName ?? '' })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('share.close')}</Button>}
      width={560}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('share.hint')}</Typography.Paragraph>
      {share.isError && <Alert type="error" showIcon title={errorText(share.error)} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" initialValues={{ viewMode: 'observation' }} onFinish={submit}>
        <Flex gap={8} align="start" wrap>
          <Form.Item
            name="userName"
            label={t('share.user')}
            rules={[{ required: true, whitespace: true, message: t('share.userRequired') }, { max: 64 }]}
            style={{ flex: 1, minWidth: 180 }}
          >
            <Input maxLength={64} autoComplete="off" autoFocus />
          </Form.Item>
          <Form.Item name="viewMode" label={t('share.mode')}>
            <Select options={modes} style={{ width: 150 }} />
          </Form.Item>
        </Flex>
        <Button type="primary" htmlType="submit" loading={share.isPending} disabled={session?.state !== 'running'}>
          {t('share.submit')}
        </Button>
      </Form>
      {session && <ShareList session={session} />}
    </Modal>
  );
};
