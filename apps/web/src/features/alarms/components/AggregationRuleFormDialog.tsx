import { Alert, App, Col, Divider, Flex, Form, Input, InputNumber, Modal, Radio, Row, Select, Switch, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGGREGATE_GROUPINGS, ALARM_SEVERITIES, ASSET_TYPES, type AggregateRule, type AssetType } from '@portal/shared';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import { metricName } from '../../../lib/metric-units';
import { useAggregationMetrics, useSaveAggregationRule } from '../api/aggregation-rules';
import { hasEmptyConditions, ruleValuesOf, toRuleInput, type AggregateRuleValues } from './aggregation-rule-model';
import { ResourcePicker } from './ResourcePicker';

const NAME_MAX = 64;
const DESCRIPTION_MAX = 128;
/** The contract's name rule: no comma or slash anywhere, no space first. */
const NAME_PATTERN = /^[^\s,/\\][^,/\\]*$/;
const MIN_ALARMS = 2;
const MAX_ALARMS = 10_000;
const SAVING = 'aggregation-rule-save';

/**
 * Adds an aggregate rule or changes one (spec sections 3 and 5): its name (unique, fixed once the
 * rule exists), description, alarm metrics, grouping and minimum, the optional conditions (least
 * severity, asset type, then assets of that type), suppression and state. A rule without any
 * condition is saved only after the user says so.
 */
export const AggregationRuleFormDialog = ({ rule, onClose }: { rule: AggregateRule | null; onClose: () => void }) => {
  const { t } = useTranslation('alarm-aggregation');
  const { t: tr } = useTranslation('resources');
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<AggregateRuleValues>();
  const save = useSaveAggregationRule();
  const [initial] = useState(() => ruleValuesOf(rule));
  const resourceType = Form.useWatch('resourceType', form) as AssetType | undefined;
  const groupBy = Form.useWatch('groupBy', form) ?? initial.groupBy;
  const metrics = useAggregationMetrics(resourceType);
  const typeChanged = useRef(false);
  const id = rule?.id ?? null;

  // Another asset type offers other metrics: those chosen that it has not are dropped once its list is in.
  useEffect(() => {
    if (!typeChanged.current || !metrics.isSuccess || metrics.isPlaceholderData) return;
    typeChanged.current = false;
    const offered = new Set(metrics.data.list.map((m) => m.id));
    const chosen = (form.getFieldValue('metrics') as string[] | undefined) ?? [];
    if (chosen.some((m) => !offered.has(m)))
      form.setFieldValue(
        'metrics',
        chosen.filter((m) => offered.has(m)),
      );
  }, [metrics.isSuccess, metrics.isPlaceholderData, metrics.data, form]);

  const submit = (v: AggregateRuleValues) => {
    void message.open({ key: SAVING, type: 'loading', content: t('saving'), duration: 0 });
    save.mutate(
      { id, body: toRuleInput(v) },
      {
        onSuccess: (saved) => {
          void message.open({ key: SAVING, type: 'success', content: t('saved', { name: saved.name }) });
          onClose();
        },
        onError: (e) => {
          // A name taken meanwhile is said under the name too.
          if (e instanceof ApiError && e.reason === 'aggregateRuleNameExists')
            form.setFields([{ name: 'name', errors: [t('form.nameExists')] }]);
          void message.open({ key: SAVING, type: 'error', content: errorText(e) });
        },
      },
    );
  };

  // Spec section 5: a rule with empty conditions takes every alarm of its metrics; asked first.
  const confirmAndSubmit = (v: AggregateRuleValues) => {
    if (!hasEmptyConditions(v)) return submit(v);
    void modal.confirm({
      title: t('form.emptyConditions'),
      content: t('form.emptyConditionsHint'),
      okText: t('form.continue'),
      cancelText: t('form.back'),
      onOk: () => submit(v),
    });
  };

  const metricOptions = (metrics.data?.list ?? []).map((m) => ({ value: m.id, label: metricName(tr, m.id) }));

  return (
    <Modal
      open
      title={rule ? t('form.titleEdit', { name: rule.name }) : t('form.titleAdd')}
      onCancel={onClose}
      confirmLoading={save.isPending}
      onOk={() => void form.validateFields().then(confirmAndSubmit, () => {})}
      width={880}
      destroyOnHidden
    >
      <Form<AggregateRuleValues> form={form} layout="vertical" initialValues={initial} onFinish={confirmAndSubmit}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label={t('form.name')}
              extra={rule ? t('form.nameFixed') : undefined}
              rules={[
                { required: true, whitespace: true, message: t('form.nameRequired') },
                { max: NAME_MAX, message: t('form.nameTooLong') },
                { pattern: NAME_PATTERN, message: t('form.nameInvalid') },
              ]}
            >
              {/* No maxLength: a longer name is refused with the spec's text rather than cut. */}
              <Input autoComplete="off" disabled={rule !== null} />
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
          <Col span={24}>
            <Form.Item
              name="metrics"
              label={t('form.metrics')}
              extra={t('form.metricsHelp')}
              rules={[{ required: true, type: 'array', min: 1, message: t('form.metricsRequired') }]}
            >
              <Select
                mode="multiple"
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder={t('form.metricsPlaceholder')}
                loading={metrics.isFetching}
                options={metricOptions}
              />
            </Form.Item>
            {metrics.isError && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={errorText(metrics.error)} />}
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="groupBy" label={t('form.groupBy')} extra={t(`groupingHelp.${groupBy}`)}>
              <Radio.Group
                optionType="button"
                options={AGGREGATE_GROUPINGS.map((g) => ({ value: g, label: t(`grouping.${g}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item
              name="minAlarms"
              label={t('form.minAlarms')}
              extra={t('form.minAlarmsHelp')}
              rules={[
                { required: true, message: t('form.minAlarmsRequired') },
                { type: 'integer', min: MIN_ALARMS, max: MAX_ALARMS, message: t('form.minAlarmsRequired') },
              ]}
            >
              <InputNumber min={MIN_ALARMS} max={MAX_ALARMS} precision={0} style={{ width: 140 }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="suppress" label={t('form.suppress')} valuePropName="checked" extra={t('form.suppressHelp')}>
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain>
          {t('form.conditions')}
        </Divider>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('form.conditionsHelp')}
        </Typography.Paragraph>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="minSeverity" label={t('form.minSeverity')}>
              <Select
                allowClear
                placeholder={t('form.minSeverityPlaceholder')}
                options={ALARM_SEVERITIES.map((s) => ({ value: s, label: t(`alarms:severity.${s}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="resourceType" label={t('form.resourceType')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder={t('form.resourceTypePlaceholder')}
                options={ASSET_TYPES.map((x) => ({ value: x, label: t(`resources:type.${x}`) }))}
                onChange={(type: AssetType | undefined) => {
                  if (type === resourceType) return;
                  // Another type's assets: what was chosen for the old one goes.
                  typeChanged.current = true;
                  form.setFieldValue('resources', []);
                }}
              />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text strong>{t('form.resources')}</Typography.Text>
        {resourceType ? (
          <>
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
              {t('form.resourcesAny')}
            </Typography.Paragraph>
            <Form.Item name="resources" noStyle>
              <ResourcePicker key={resourceType} resourceType={resourceType} templateId={null} showHolders={false} />
            </Form.Item>
          </>
        ) : (
          <Flex style={{ marginTop: 8 }}>
            <Alert type="info" showIcon title={t('form.resourcesNeedType')} />
          </Flex>
        )}
      </Form>
    </Modal>
  );
};
