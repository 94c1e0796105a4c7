import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Form, InputNumber, Row, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_COUNT_MAX, ALARM_SEVERITIES, CONDITION_OPS, isRangeOp, type MetricInfo, type MetricUnit } from '@portal/shared';
import { metricName, OP_KEYS, SEVERITY_COLORS, unitSuffix } from './levels';
import { newIndicator, nextSeverity, type IndicatorValues, type LevelValues, type TemplateValues } from './template-form-model';

/** Missing samples in a row a no-data count may ask for (the contract's bound). */
const NO_DATA_MAX = 1000;

/**
 * A custom template's indicators (spec sections 5 and 9): each a metric the resource type has
 * (each metric once), its alarm count and recovery count (1 to 100), an optional no-data count,
 * and one to four levels, each severity once, a comparison against a value or in / out of a range.
 */
export const IndicatorsEditor = ({ metrics, loading }: { metrics: readonly MetricInfo[]; loading: boolean }) => {
  const { t } = useTranslation('alarms');
  const form = Form.useFormInstance<TemplateValues>();
  const indicators: IndicatorValues[] = Form.useWatch('indicators', form) ?? [];
  const unitOf = (i: number): MetricUnit => metrics.find((m) => m.id === indicators[i]?.metric)?.unit ?? 'count';
  const metricOptions = (i: number) =>
    metrics.map((m) => ({
      value: m.id,
      label: metricName(t, m.id),
      // Each metric once: one another indicator has is not offered again.
      disabled: indicators.some((x, j) => j !== i && x?.metric === m.id),
    }));
  const countRule = { required: true, type: 'integer' as const, min: 1, max: ALARM_COUNT_MAX, message: t('form.countInvalid') };
  return (
    <Form.List
      name="indicators"
      rules={[
        {
          validator: async (_, list: IndicatorValues[] | undefined) => {
            if (!list?.length) throw new Error(t('form.indicatorsRequired'));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={12}>
          {fields.map((field, index) => {
            const n = index + 1;
            const unit = unitSuffix(t, unitOf(index));
            return (
              <Card
                key={field.key}
                size="small"
                title={t('form.indicatorN', { n })}
                data-testid={`indicator-${n}`}
                extra={
                  <Button
                    type="text"
                    danger
                    size="small"
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={t('form.removeIndicator', { n })}
                    onClick={() => remove(field.name)}
                  />
                }
              >
                <Row gutter={12}>
                  <Col xs={24} md={9}>
                    <Form.Item
                      name={[field.name, 'metric']}
                      label={t('form.metric')}
                      rules={[{ required: true, message: t('form.metricRequired') }]}
                    >
                      <Select
                        showSearch
                        optionFilterProp="label"
                        loading={loading}
                        placeholder={t('form.metricPlaceholder')}
                        options={metricOptions(index)}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={8} md={5}>
                    <Form.Item
                      name={[field.name, 'alarmCount']}
                      label={t('form.alarmCount')}
                      extra={t('form.alarmCountHelp')}
                      rules={[countRule]}
                    >
                      <InputNumber min={1} max={ALARM_COUNT_MAX} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={8} md={5}>
                    <Form.Item
                      name={[field.name, 'recoveryCount']}
                      label={t('form.recoveryCount')}
                      extra={t('form.recoveryCountHelp')}
                      rules={[countRule]}
                    >
                      <InputNumber min={1} max={ALARM_COUNT_MAX} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={8} md={5}>
                    <Form.Item
                      name={[field.name, 'noDataCount']}
                      label={t('form.noDataCount')}
                      extra={t('form.noDataCountHelp')}
                      rules={[{ type: 'integer', min: 1, max: NO_DATA_MAX, message: t('form.noDataInvalid') }]}
                    >
                      <InputNumber min={1} max={NO_DATA_MAX} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                </Row>
                <LevelsEditor indicatorName={field.name} indicatorNo={n} levels={indicators[index]?.levels ?? []} unit={unit} />
              </Card>
            );
          })}
          <Form.ErrorList errors={errors} />
          <div>
            <Button
              type="dashed"
              icon={<PlusOutlined aria-hidden />}
              disabled={metrics.length === 0 || fields.length >= metrics.length}
              onClick={() => add(newIndicator())}
            >
              {t('form.addIndicator')}
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
};

/** One indicator's levels: severity, condition, value or bounds. */
const LevelsEditor = ({
  indicatorName,
  indicatorNo,
  levels,
  unit,
}: {
  /** The indicator's name in the form's list. */
  indicatorName: number;
  /** Its number as the dialog shows it (from 1). */
  indicatorNo: number;
  levels: LevelValues[];
  unit: string | undefined;
}) => {
  const { t } = useTranslation('alarms');
  const levelsPath = ['indicators', indicatorName, 'levels'];
  const valueRule = { required: true, message: t('form.valueRequired') };
  return (
    <Form.List name={[indicatorName, 'levels']}>
      {(fields, { add, remove }) => (
        <>
          <Typography.Text strong>{t('form.levels')}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('form.levelsHelp')}
          </Typography.Paragraph>
          {fields.map((field, index) => {
            const label = { n: index + 1, indicator: indicatorNo };
            const level = levels[index];
            const range = level ? isRangeOp(level.op) : false;
            return (
              <Flex key={field.key} gap={8} wrap align="flex-start" data-testid={`level-${indicatorNo}-${index + 1}`}>
                <Form.Item name={[field.name, 'severity']} style={{ marginBottom: 12 }}>
                  <Select
                    aria-label={t('form.severityOf', label)}
                    style={{ width: 130 }}
                    options={ALARM_SEVERITIES.map((s) => ({
                      value: s,
                      label: (
                        <Tag color={SEVERITY_COLORS[s]} style={{ marginInlineEnd: 0 }}>
                          {t(`severity.${s}`)}
                        </Tag>
                      ),
                      // Each severity once within an indicator.
                      disabled: levels.some((l, j) => j !== index && l?.severity === s),
                    }))}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'op']} style={{ marginBottom: 12 }}>
                  <Select
                    aria-label={t('form.opOf', label)}
                    style={{ width: 170 }}
                    options={CONDITION_OPS.map((op) => ({ value: op, label: t(`op.${OP_KEYS[op]}`) }))}
                  />
                </Form.Item>
                {range ? (
                  <>
                    <Form.Item name={[field.name, 'low']} rules={[valueRule]} style={{ marginBottom: 12 }}>
                      <InputNumber
                        aria-label={t('form.lowOf', label)}
                        placeholder={t('form.lowPlaceholder')}
                        suffix={unit}
                        style={{ width: 150 }}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'high']}
                      dependencies={[[...levelsPath, field.name, 'low']]}
                      rules={[
                        valueRule,
                        ({ getFieldValue }) => ({
                          validator: async (_, high: number | null | undefined) => {
                            const low: unknown = getFieldValue([...levelsPath, field.name, 'low']);
                            if (typeof low === 'number' && typeof high === 'number' && high < low)
                              throw new Error(t('form.highBelowLow'));
                          },
                        }),
                      ]}
                      style={{ marginBottom: 12 }}
                    >
                      <InputNumber
                        aria-label={t('form.highOf', label)}
                        placeholder={t('form.highPlaceholder')}
                        suffix={unit}
                        style={{ width: 150 }}
                      />
                    </Form.Item>
                  </>
                ) : (
                  <Form.Item name={[field.name, 'value']} rules={[valueRule]} style={{ marginBottom: 12 }}>
                    <InputNumber
                      aria-label={t('form.valueOf', label)}
                      placeholder={t('form.valuePlaceholder')}
                      suffix={unit}
                      style={{ width: 150 }}
                    />
                  </Form.Item>
                )}
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={t('form.removeLevel', label)}
                  disabled={fields.length <= 1}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            );
          })}
          <Button
            size="small"
            icon={<PlusOutlined aria-hidden />}
            disabled={fields.length >= ALARM_SEVERITIES.length}
            onClick={() => add({ severity: nextSeverity(levels) ?? 'warning', op: '>', value: null } satisfies LevelValues)}
          >
            {t('form.addLevel')}
          </Button>
        </>
      )}
    </Form.List>
  );
};
