import { Alert, App, Form, Input, Modal, Select, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DESKTOP_DEFAULT_RESOLUTION,
  DESKTOP_NAME_MAX,
  DESKTOP_RESOLUTIONS,
  type AccountItem,
  type AppTemplate,
  type DesktopSession,
} from '@portal/shared';
import { currentLanguage } from '../../../../lib/i18n';
import { useCan } from '../../../../lib/session';
import { useClusters } from '../../api/list-clusters';
import { useMyAccounts } from '../../api/list-my-accounts';
import { useStartDesktop } from '../../api/start-desktop';
import { accountRefusal, startProblemsOf } from '../../lib/start-errors';
import { accountChoice, START_DEFAULTS, toStartBody, type StartValues } from '../../lib/start-form';
import { JobFields } from './JobFields';
import { StartError } from './StartError';
import { WhereField } from './WhereField';

const NO_ACCOUNTS: AccountItem[] = [];

interface Props {
  /** Start this application's desktop (its name is the desktop's first name). */
  app?: AppTemplate | undefined;
  onClose(): void;
  onStarted?(s: DesktopSession): void;
}

/**
 * Start a desktop on the login node (the dialog waits while Xvnc comes up, a few seconds) or as a
 * job on a compute node (the answer comes once the job is submitted; the list shows it queued).
 */
export const StartDesktopDialog = ({ app, onClose, onStarted }: Props) => {
  const { t } = useTranslation('desktops');
  const { message } = App.useApp();
  const can = useCan();
  const qc = useQueryClient();
  const [form] = Form.useForm<StartValues>();
  const start = useStartDesktop();
  const clusters = useClusters().data ?? [];
  const asJob = Form.useWatch('sessionType', form) === 'job';
  const clusterId = Form.useWatch('clusterId', form);
  // Without an answer (an error) there is no account field and the server picks the default.
  const accounts = useMyAccounts(asJob).data ?? NO_ACCOUNTS;

  const submit = (v: StartValues) =>
    start.mutate(toStartBody(v, { appId: app?.id, chooseAccount: accountChoice(accounts) }), {
      onSuccess: (s) => {
        void message.success(
          s.jobId ? t('start.queued', { name: s.sessionName, jobId: s.jobId }) : t('start.done', { name: s.sessionName }),
        );
        onStarted?.(s);
        onClose();
      },
      onError: (err) => {
        if (accountRefusal(err)) {
          void qc.invalidateQueries({ queryKey: ['accounts'] });
          void qc.invalidateQueries({ queryKey: ['session', 'indexData'] });
        }
        form.setFields(startProblemsOf(err).map((p) => ({ name: p.field, errors: [t(p.key, p.params)] })));
      },
    });

  return (
    <Modal
      open
      title={app ? t('start.titleApp', { app: app.name[currentLanguage()] }) : t('start.title')}
      okText={t('start.submit')}
      confirmLoading={start.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      // Closing would not stop the start; the list shows the desktop when it is up.
      mask={{ closable: !start.isPending }}
      width={520}
    >
      {start.isPending && (
        <Alert
          type="info"
          showIcon
          icon={<Spin size="small" />}
          title={t(asJob ? 'start.submitting' : 'start.starting')}
          style={{ marginBottom: 16 }}
        />
      )}
      {start.isError && <StartError error={start.error} atField={startProblemsOf(start.error).length > 0} />}
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          ...START_DEFAULTS,
          resolution: DESKTOP_DEFAULT_RESOLUTION,
          name: app?.name[currentLanguage()],
        }}
        onFinish={submit}
        disabled={start.isPending}
      >
        <Form.Item
          name="name"
          label={t('start.name')}
          extra={t('start.nameHint')}
          rules={[{ max: DESKTOP_NAME_MAX }, { pattern: /^[^\p{Cc}]*$/u, message: t('start.nameInvalid') }]}
        >
          <Input
            maxLength={DESKTOP_NAME_MAX}
            placeholder={t('start.namePlaceholder')}
            autoComplete="off"
            autoFocus
            onPressEnter={() => form.submit()}
          />
        </Form.Item>
        <Form.Item name="resolution" label={t('start.resolution')}>
          <Select options={DESKTOP_RESOLUTIONS.map((r) => ({ value: r, label: r.replace('x', ' × ') }))} />
        </Form.Item>
        {/* The server's default cluster unless there is a choice to make. */}
        {clusters.length > 1 && (
          <Form.Item
            name="clusterId"
            label={t('start.cluster')}
            rules={[{ required: true, message: t('start.clusterRequired') }]}
          >
            <Select options={clusters.map((c) => ({ value: c.id, label: c.name || c.id }))} />
          </Form.Item>
        )}
        <WhereField jobsAllowed={can('jobs:submit')} />
        {asJob && <JobFields clusterId={clusterId} accounts={accounts} onEnter={() => form.submit()} />}
      </Form>
    </Modal>
  );
};
