import { Alert, App, Button, Col, Form, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { AccountItem, JobTemplate, Queue } from '@portal/shared';
import { hourQuotaRefusal, useErrorText } from '../../../../lib/errors';
import { useSubmitJob } from '../../api/submit-job';
import { currentDetailsPath } from '../../../../lib/job-links';
import type { JobCopy } from './copy-model';
import { EstimatePanel } from './EstimatePanel';
import { previewBodyOf } from './estimate-model';
import { JobSection } from './JobSection';
import { QuotaRefusalAlert } from './QuotaRefusalAlert';
import { ResourceSection } from './ResourceSection';
import { ScriptSection } from './ScriptSection';
import { accountRefusal, fieldProblemsOf } from './submit-errors';
import { placeholderValues, queuesFor, startQueue, templateDefaults, toSubmitBody, type SubmitValues } from './submit-model';
import { fillTemplate, placeholdersOf } from './template-fill';
import { TemplateSection } from './TemplateSection';

interface Props {
  templates: JobTemplate[];
  queues: Queue[];
  /** Where the working directory starts (the user's home on the cluster, when known). */
  workDir: string;
  /** The user's accounts, default first (none: no account field). */
  accounts: AccountItem[];
  /** Filled from another job ("resubmit / copy job"). */
  copy?: JobCopy | undefined;
  /** The template to start on (an application's, from My desktops → Applications); default BASE. */
  initialTemplate?: string | undefined;
}

/** The submission form: template, job, resources and script; the script follows the form until edited. */
export const SubmitJobForm = ({ templates, queues, accounts, workDir, copy, initialTemplate }: Props) => {
  const { t } = useTranslation('job-submit');
  const { message, modal, notification } = App.useApp();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const submit = useSubmitJob();
  const qc = useQueryClient();
  const [form] = Form.useForm<SubmitValues>();
  const [template, setTemplate] = useState(
    () =>
      templates.find((x) => x.id === (copy?.templateId ?? initialTemplate ?? 'BASE')) ??
      templates.find((x) => x.id === 'BASE') ??
      (templates[0] as JobTemplate),
  );
  const [edited, setEdited] = useState<string | null>(copy?.script ?? null);
  const [submitted, setSubmitted] = useState<string | null>(null);
  // A quota refusal stays in view beside the button (a toast would vanish before it is read).
  const [quotaRefused, setQuotaRefused] = useState<unknown>(null);
  const values = Form.useWatch((v: Partial<SubmitValues>) => v, form) ?? {};
  const defaultAccount = accounts[0]?.isDefault ? accounts[0].accountName : undefined;
  // Only the queues the chosen account may use (the form's account, else the default one).
  const usableFor = (account: string | undefined) => queuesFor(queues, accounts.length > 0, account ?? defaultAccount);
  const usable = usableFor(values.account);
  const queue = usable.find((q) => q.name === values.queue);
  const script = edited ?? fillTemplate(template.script, placeholderValues(values));
  const clusterId = copy?.clusterId;

  const chooseTemplate = (id: string) => {
    const next = templates.find((x) => x.id === id);
    if (!next) return;
    setTemplate(next);
    setEdited(null);
    form.setFieldsValue(templateDefaults(next, usable));
  };
  // The toast names the job and leads to it (the toaster lives outside the router: navigate here).
  const announce = (jobId: string) => {
    const to = currentDetailsPath({ jobId, ...(clusterId ? { clusterId } : {}) });
    const key = `submitted-${jobId}`;
    notification.success({
      key,
      title: t('submitted.title', { id: jobId }),
      duration: 10,
      description: (
        <a
          href={to}
          onClick={(e) => {
            e.preventDefault();
            notification.destroy(key);
            void navigate(to);
          }}
        >
          {t('submitted.open', { id: jobId })}
        </a>
      ),
    });
  };
  // The server's refusal goes to the field it concerns, in the page's language; otherwise a toast.
  const refused = (err: unknown) => {
    // A refused account may have changed since the page loaded: its status, the banner's too.
    if (accountRefusal(err)) {
      void qc.invalidateQueries({ queryKey: ['accounts'] });
      void qc.invalidateQueries({ queryKey: ['session', 'indexData'] });
    }
    if (hourQuotaRefusal(err)) return setQuotaRefused(err);
    const problems = fieldProblemsOf(err).filter((p) => p.field !== 'account' || accounts.length > 0);
    if (!problems.length) return void message.error(errorText(err));
    form.setFields(problems.map((p) => ({ name: p.field, errors: [t(p.key, p.params)] })));
    const firstField = problems[0]?.field;
    if (firstField) form.scrollToField(firstField, { focus: true, block: 'center' });
    void message.error(t('serverError.notSubmitted'));
  };
  const send = (v: SubmitValues) => {
    setQuotaRefused(null);
    submit.mutate(
      { ...toSubmitBody(v, script, template.id), ...(clusterId ? { clusterId } : {}) },
      {
        onSuccess: ({ jobId }) => {
          setSubmitted(jobId);
          announce(jobId);
        },
        onError: refused,
      },
    );
  };
  const onFinish = (v: SubmitValues) => {
    if (!script.trim()) return;
    const unfilled = placeholdersOf(script);
    if (!unfilled.length) return send(v);
    modal.confirm({
      title: t('script.unfilledConfirm'),
      content: t('script.unfilled', { names: unfilled.join(', ') }),
      okText: t('submitAnyway'),
      cancelText: t('back'),
      onOk: () => send(v),
    });
  };
  const missing = copy?.missing.filter((m) => m !== 'script') ?? [];

  return (
    <Form<SubmitValues>
      form={form}
      layout="vertical"
      initialValues={{
        ...templateDefaults(template, usableFor(copy?.values.account)),
        workDir,
        account: defaultAccount,
        ...copy?.values,
      }}
      onValuesChange={(changed: Partial<SubmitValues>) => {
        if (!('account' in changed)) return;
        const next = usableFor(changed.account);
        if (!next.some((q) => q.name === form.getFieldValue('queue')))
          form.setFieldsValue({ queue: startQueue(template, next)?.name ?? '' });
      }}
      onFinish={onFinish}
      scrollToFirstError
    >
      {copy && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('copy.from', { id: copy.sourceJobId })}
          description={
            [
              ...(copy.script === null ? [t('copy.scriptUnknown', { id: copy.sourceJobId })] : []),
              ...(missing.length ? [t('copy.fieldsUnknown', { fields: missing.map((f) => t(`field.${f}`)).join(', ') })] : []),
            ].join(' ') || undefined
          }
        />
      )}
      {submitted && (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setSubmitted(null) }}
          style={{ marginBottom: 16 }}
          title={t('done', { id: submitted })}
          action={
            <Link to={currentDetailsPath({ jobId: submitted, ...(clusterId ? { clusterId } : {}) })}>{t('viewDetails')}</Link>
          }
        />
      )}
      <Row gutter={32}>
        <Col xs={24} lg={10}>
          <TemplateSection
            templates={templates}
            template={template}
            onChange={chooseTemplate}
            clusterId={clusterId}
            workDir={values.workDir}
          />
          <JobSection queues={usable} queue={queue} clusterId={clusterId} accounts={accounts} />
          <ResourceSection queue={queue} />
          <EstimatePanel body={previewBodyOf(values, script, template.id, clusterId)} />
        </Col>
        <Col xs={24} lg={14}>
          <ScriptSection script={script} edited={edited !== null} onChange={setEdited} onReset={() => setEdited(null)} />
        </Col>
      </Row>
      {quotaRefused !== null && <QuotaRefusalAlert error={quotaRefused} onClose={() => setQuotaRefused(null)} />}
      <Space>
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          {t('submit')}
        </Button>
        <Button onClick={() => chooseTemplate(template.id)}>{t('reset')}</Button>
      </Space>
    </Form>
  );
};
