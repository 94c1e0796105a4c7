import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { JobTemplate } from '@portal/shared';
import { currentLanguage } from '../../../../lib/i18n';
import { PathField } from './PathField';

interface Props {
  templates: JobTemplate[];
  template: JobTemplate;
  onChange: (id: string) => void;
  clusterId?: string | undefined;
  /** Input files are picked from here and given relative to it. */
  workDir?: string | undefined;
}

/** The application template and its own fields, labelled in the user's language. */
export const TemplateSection = ({ templates, template, onChange, clusterId, workDir }: Props) => {
  const { t } = useTranslation('job-submit');
  const lang = currentLanguage();
  return (
    <section aria-labelledby="submit-template">
      <Typography.Title level={5} id="submit-template">
        {t('section.template')}
      </Typography.Title>
      <Form.Item label={t('field.template')} htmlFor="submit-template-select" extra={template.description[lang]}>
        <Select
          id="submit-template-select"
          value={template.id}
          onChange={onChange}
          showSearch={{ optionFilterProp: 'label' }}
          options={templates.map((tpl) => ({ value: tpl.id, label: tpl.name[lang] }))}
        />
      </Form.Item>
      {template.fields.map((f) => (
        <Form.Item
          key={`${template.id}:${f.name}`}
          name={['fields', f.name]}
          label={f.label[lang]}
          rules={[
            { required: f.required, message: t('required', { field: f.label[lang] }) },
            ...(f.type === 'number' ? [{ pattern: /^-?\d+(\.\d+)?$/, message: t('number') }] : []),
          ]}
        >
          {f.type === 'path' ? (
            <PathField mode="file" clusterId={clusterId} workDir={workDir} />
          ) : (
            <Input inputMode={f.type === 'number' ? 'decimal' : undefined} spellCheck={false} />
          )}
        </Form.Item>
      ))}
    </section>
  );
};
