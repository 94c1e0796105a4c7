import { App, Button, Divider, Flex, Form, Input, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { APP_COMMAND_MAX, type AppTemplate } from '@portal/shared';
import { useErrorText } from '../../../../lib/errors';
import { useUpdateAppTemplate, type AppTemplateChange } from '../../api/update-app-template';
import { appActions } from '../../lib/app-actions';

/**
 * An administrator's settings of an application: offered to users or not (confirmed before it is
 * taken away), and the command its desktops run.
 */
export const AppSettings = ({ app, name }: { app: AppTemplate; name: string }) => {
  const { t } = useTranslation('desktops');
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const update = useUpdateAppTemplate();

  const save = (body: AppTemplateChange, done: string) =>
    update.mutate(
      { appId: app.id, body },
      {
        onSuccess: () => void message.success(done),
        onError: (e) => void message.error(errorText(e)),
      },
    );
  const toggle = (enabled: boolean) => {
    if (enabled) return save({ enabled }, t('apps.offeredDone', { app: name }));
    modal.confirm({
      title: t('apps.disableConfirm', { app: name }),
      content: t('apps.disableHint'),
      okText: t('apps.disable'),
      okButtonProps: { danger: true },
      onOk: () => save({ enabled }, t('apps.disabledDone', { app: name })),
    });
  };

  return (
    <>
      <Divider style={{ margin: '12px 0' }} />
      <Flex align="center" gap={8} style={{ marginBottom: 8 }}>
        <Switch
          checked={app.enabled}
          loading={update.isPending && update.variables.body.command === undefined}
          onChange={toggle}
          aria-label={t('apps.offeredLabel', { app: name })}
          data-testid={`app-offered-${app.id}`}
        />
        <Typography.Text>{t(app.enabled ? 'apps.offered' : 'apps.notOfferedShort')}</Typography.Text>
      </Flex>
      {appActions(app).desktop && (
        <Form
          // A command the server changed is a fresh form.
          key={app.command}
          layout="vertical"
          initialValues={{ command: app.command }}
          onFinish={(v: { command: string }) =>
            save({ enabled: app.enabled, command: v.command.trim() }, t('apps.commandDone', { app: name }))
          }
        >
          <Form.Item
            name="command"
            label={t('apps.command')}
            extra={t('apps.commandHint')}
            rules={[{ max: APP_COMMAND_MAX }, { pattern: /^[^\r\n\0]*$/, message: t('apps.commandOneLine') }]}
            style={{ marginBottom: 8 }}
          >
            <Input
              maxLength={APP_COMMAND_MAX}
              spellCheck={false}
              autoComplete="off"
              placeholder={t('apps.commandPlaceholder')}
              data-testid={`app-command-${app.id}`}
            />
          </Form.Item>
          <Button htmlType="submit" size="small" loading={update.isPending && update.variables.body.command !== undefined}>
            {t('apps.saveCommand')}
          </Button>
        </Form>
      )}
    </>
  );
};
