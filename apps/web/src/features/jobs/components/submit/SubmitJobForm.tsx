import { Alert, App, Button, Col, Form, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { JobTemplate, Queue } from '@portal/shared';
import { useErrorText } from '../../../../lib/errors';
import { useSubmitJob } from '../../api/submit-job';
import { currentDetailsPath } from '../job-links';
import { JobSection } from './JobSection';
import { ResourceSection } from './ResourceSection';
import { ScriptSection } from './ScriptSection';
import { placeholderValues, templateDefaults, toSubmitBody, type SubmitValues } from './submit-model';
import { fillTemplate, placeholdersOf } from './template-fill';
import { TemplateSection } from './TemplateSection';

interface Props {
  templates: JobTemplate[];
  queues: Queue[];
  /** Where the working directory starts (the user's home on the cluster, when known). */
  workDir: string;
}

/** The submission form: template, job, resources and script; the script follows the form until edited. */
export const SubmitJobForm = ({ templates, queues, workDir }: Props) => {
  const { t } = useTranslation('job-submit');
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const submit = useSubmitJob();
  const [form] = Form.useForm<SubmitValues>();
  const [template, setTemplate] = useState(() => templates.find((x) => x.id === 'BASE') ?? (templates[0] as JobTemplate));
  const [edited, setEdited] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const values = Form.useWatch((v: Partial<SubmitValues>) => v, form) ?? {};
  const queue = queues.find((q) => q.name === values.queue);
  const script = edited ?? fillTemplate(template.script, placeholderValues(values));

  const chooseTemplate = (id: string) => {
    const next = templates.find((x) => x.id === id);
    if (!next) return;
    setTemplate(next);
    setEdited(null);
    form.setFieldsValue(templateDefaults(next, queues));
  };
  const send = (v: SubmitValues) =>
    submit.mutate(toSubmitBody(v, script, template.id), {
      onSuccess: ({ jobId }) => {
        setSubmitted(jobId);
        void message.success(t('done', { id: jobId }));
      },
      onError: (e) => void message.error(errorText(e)),
    });
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

  return (
    <Form<SubmitValues>
      form={form}
      layout="vertical"
      initialValues={{ ...templateDefaults(template, queues), workDir }}
      onFinish={onFinish}
      scrollToFirstError
    >
      {submitted && (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setSubmitted(null) }}
          style={{ marginBottom: 16 }}
          title={t('done', { id: submitted })}
          action={<Link to={currentDetailsPath({ jobId: submitted })}>{t('viewDetails')}</Link>}
        />
      )}
      <Row gutter={32}>
        <Col xs={24} lg={10}>
          <TemplateSection templates={templates} template={template} onChange={chooseTemplate} />
          <JobSection queues={queues} queue={queue} />
          <ResourceSection queue={queue} />
        </Col>
        <Col xs={24} lg={14}>
          <ScriptSection script={script} edited={edited !== null} onChange={setEdited} onReset={() => setEdited(null)} />
        </Col>
      </Row>
      <Space>
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          {t('submit')}
        </Button>
        <Button onClick={() => chooseTemplate(template.id)}>{t('reset')}</Button>
      </Space>
    </Form>
  );
};
