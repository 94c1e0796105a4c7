import { Alert, App, Col, Divider, Flex, Form, Input, Modal, Radio, Row, Select, Spin, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ASSET_TYPES, TEMPLATE_KINDS, TemplateName, type AssetType, type Template } from '@portal/shared';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import { useSaveTemplate } from '../api/save-template';
import { templateNameTaken } from '../api/template-name';
import { useTemplateMetrics } from '../api/template-metrics';
import { useTemplateResources } from '../api/template-resources';
import { IndicatorsEditor } from './IndicatorsEditor';
import { ResourcePicker } from './ResourcePicker';
import { newIndicator, toTemplateInput, valuesOf, type TemplateValues } from './template-form-model';

const NAME_MAX = 64;
const DESCRIPTION_MAX = 128;
/** The contract's name rule: no comma or slash anywhere, no space first. */
const NAME_PATTERN = /^[^\s,/\\][^,/\\]*$/;

/**
 * Adds a threshold template or changes one (spec sections 3 and 5): its name (unique, checked as
 * it is typed), kind, resource type, description, state, resources and, for a custom template,
 * indicators. A template being changed first reads its resources.
 */
export const TemplateFormDialog = ({ template, onClose }: { template: Template | null; onClose: () => void }) => {
  const { t } = useTranslation('alarms');
  const errorText = useErrorText();
  const resources = useTemplateResources(template?.id ?? null);
  const title = template ? t('form.titleEdit', { name: template.name }) : t('form.titleAdd');
  if (template && !resources.isSuccess)
    return (
      <Modal open title={title} onCancel={onClose} footer={null} width={960}>
        {resources.isError ? (
          <Alert type="error" showIcon title={errorText(resources.error)} />
        ) : (
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin description={t('form.loading')}>
              <div style={{ width: 240, height: 40 }} />
            </Spin>
          </Flex>
        )}
      </Modal>
    );
  return (
    <TemplateForm
      template={template}
      initial={valuesOf(
        template,
        (resources.data ?? []).map((r) => r.id),
      )}
      title={title}
      onClose={onClose}
    />
  );
};

const TemplateForm = ({
  template,
  initial,
  title,
  onClose,
}: {
  template: Template | null;
  initial: TemplateValues;
  title: string;
  onClose: () => void;
}) => {
  const { t } = useTranslation('alarms');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<TemplateValues>();
  const save = useSaveTemplate();
  const kind = Form.useWatch('kind', form) ?? initial.kind;
  const resourceType = Form.useWatch('resourceType', form) ?? initial.resourceType;
  const metrics = useTemplateMetrics(resourceType, kind === 'custom');
  const id = template?.id ?? null;

  const submit = (v: TemplateValues) =>
    save.mutate(
      { id, body: toTemplateInput(v) },
      {
        onSuccess: (saved) => {
          void message.success(t('templates.saved', { name: saved.name }));
          onClose();
        },
        onError: (e) => {
          // A name taken meanwhile is said under the name too.
          if (e instanceof ApiError && e.reason === 'templateNameExists')
            form.setFields([{ name: 'name', errors: [t('form.nameExists')] }]);
          void message.error(errorText(e));
        },
      },
    );

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      confirmLoading={save.isPending}
      onOk={() => void form.validateFields().then(submit, () => {})}
      width={960}
      destroyOnHidden
    >
      <Form<TemplateValues> form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label={t('form.name')}
              // The uniqueness check asks the server once the field is left.
              validateTrigger={['onChange', 'onBlur']}
              validateDebounce={300}
              rules={[
                { required: true, whitespace: true, message: t('form.nameRequired') },
                { max: NAME_MAX, message: t('form.nameTooLong') },
                { pattern: NAME_PATTERN, message: t('form.nameInvalid') },
                {
                  validator: async (_, value: string | undefined) => {
                    const name = value?.trim() ?? '';
                    if (!TemplateName.safeParse(name).success) return;
                    let taken = false;
                    try {
                      taken = await templateNameTaken(name, id);
                    } catch {
                      return; // the server decides on saving
                    }
                    if (taken) throw new Error(t('form.nameExists'));
                  },
                  validateTrigger: 'onBlur',
                },
              ]}
            >
              {/* No maxLength: a longer name is refused with the spec's text rather than cut. */}
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="kind" label={t('form.kind')} extra={t(`form.kindHelp.${kind}`)}>
              <Radio.Group
                optionType="button"
                options={TEMPLATE_KINDS.map((k) => ({ value: k, label: t(`templates.kind.${k}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="resourceType" label={t('form.resourceType')} extra={t('form.resourceTypeHelp')}>
              <Select
                showSearch
                optionFilterProp="label"
                options={ASSET_TYPES.map((x) => ({ value: x, label: t(`resources:type.${x}`) }))}
                onChange={(type: AssetType) => {
                  if (type === resourceType) return;
                  // Another type's assets and metrics: what was chosen for the old one goes.
                  form.setFieldsValue({ resources: [], indicators: [newIndicator()] });
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={18} md={9}>
            <Form.Item
              name="description"
              label={t('form.description')}
              rules={[{ max: DESCRIPTION_MAX, message: t('form.descriptionTooLong') }]}
            >
              <Input showCount maxLength={DESCRIPTION_MAX} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={6} md={3}>
            <Form.Item name="enabled" label={t('form.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain>
          {t('form.resources')}
        </Divider>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('form.resourcesHelp')}
        </Typography.Paragraph>
        <Form.Item name="resources">
          <ResourcePicker key={resourceType} resourceType={resourceType} templateId={id} />
        </Form.Item>
        <Divider titlePlacement="start" plain>
          {t('form.indicators')}
        </Divider>
        {kind === 'silent' ? (
          <Alert type="info" showIcon title={t('form.silentNoIndicators')} />
        ) : (
          <>
            {metrics.isError && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={errorText(metrics.error)} />}
            <IndicatorsEditor metrics={metrics.data?.list ?? []} loading={metrics.isPending} />
          </>
        )}
      </Form>
    </Modal>
  );
};
