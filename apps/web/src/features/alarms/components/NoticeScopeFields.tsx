import { Col, Flex, Form, Input, InputNumber, Row, Select, Space, Switch, Typography, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALARM_SEVERITIES, ASSET_TYPES, NOTICE_INTERVAL_MAX, type AssetType, type NoticeRuleType } from '@portal/shared';
import { useAggregationRules } from '../api/aggregation-rules';
import { setCounts, takesSeverityFilter, type LevelCounts, type NoticeRuleValues } from './notice-rule-model';
import { ResourcePicker } from './ResourcePicker';

const COUNT_MAX = 1_000_000;
const FLOAT_MAX = 100_000;
const SEND_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The scale type's open alarm count per level (a form control: Form.Item gives value and onChange). */
const LevelCountsInput = ({
  value = {},
  onChange,
  id,
}: {
  value?: LevelCounts;
  onChange?: (v: LevelCounts) => void;
  id?: string;
}) => {
  const { t } = useTranslation('alarm-notices');
  return (
    <Space id={id} wrap size={12}>
      {[...ALARM_SEVERITIES].reverse().map((s) => (
        <Flex key={s} vertical gap={2}>
          <Typography.Text>{t(`alarms:severity.${s}`)}</Typography.Text>
          <InputNumber
            aria-label={t('form.levelCountOf', { severity: t(`alarms:severity.${s}`) })}
            min={1}
            max={COUNT_MAX}
            precision={0}
            style={{ width: 120 }}
            value={value[s] ?? null}
            onChange={(n) => onChange?.({ ...value, [s]: typeof n === 'number' ? n : null })}
          />
        </Flex>
      ))}
    </Space>
  );
};

/** What a rule of `type` tells of: the scope fields its type needs (the notification rule dialog's middle part). */
export const NoticeScopeFields = ({ type, form }: { type: NoticeRuleType; form: FormInstance<NoticeRuleValues> }) => {
  const { t } = useTranslation('alarm-notices');
  const [assetType, setAssetType] = useState<AssetType>('SERVER');
  const aggregates = useAggregationRules();
  const severityOptions = ALARM_SEVERITIES.map((s) => ({ value: s, label: t(`alarms:severity.${s}`) }));
  return (
    <>
      {type === 'asset' && (
        <>
          <Form.Item label={t('form.assetBrowse')} extra={t('form.assetBrowseHelp')}>
            <Select
              aria-label={t('form.assetBrowse')}
              style={{ width: 240 }}
              showSearch
              optionFilterProp="label"
              value={assetType}
              onChange={(v: AssetType) => setAssetType(v)}
              options={ASSET_TYPES.map((x) => ({ value: x, label: t(`resources:type.${x}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="assetIds"
            label={t('form.assetIds')}
            rules={[{ required: true, type: 'array', min: 1, message: t('form.assetIdsRequired') }]}
          >
            <ResourcePicker key={assetType} resourceType={assetType} templateId={null} showHolders={false} />
          </Form.Item>
        </>
      )}
      {type === 'assetType' && (
        <Form.Item
          name="assetTypes"
          label={t('form.assetTypes')}
          rules={[{ required: true, type: 'array', min: 1, message: t('form.assetTypesRequired') }]}
        >
          <Select
            mode="multiple"
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('form.assetTypesPlaceholder')}
            options={ASSET_TYPES.map((x) => ({ value: x, label: t(`resources:type.${x}`) }))}
          />
        </Form.Item>
      )}
      {(type === 'aggregateAlarm' || type === 'aggregateRecovery') && (
        <Row gutter={16}>
          <Col xs={24} md={type === 'aggregateAlarm' ? 14 : 24}>
            <Form.Item name="aggregateRuleIds" label={t('form.aggregateRuleIds')} extra={t('form.aggregateRuleIdsAny')}>
              <Select
                mode="multiple"
                allowClear
                showSearch
                optionFilterProp="label"
                loading={aggregates.isFetching}
                placeholder={t('form.aggregateRuleIdsPlaceholder')}
                options={(aggregates.data?.list ?? []).map((r) => ({ value: r.id, label: r.name }))}
              />
            </Form.Item>
          </Col>
          {type === 'aggregateAlarm' && (
            <Col xs={24} md={10}>
              <Form.Item
                name="floatAmount"
                label={t('form.floatAmount')}
                extra={t('form.floatAmountHelp')}
                rules={[{ type: 'integer', min: 1, max: FLOAT_MAX, message: t('form.floatAmountRange', { max: FLOAT_MAX }) }]}
              >
                <InputNumber min={1} max={FLOAT_MAX} precision={0} style={{ width: 160 }} />
              </Form.Item>
            </Col>
          )}
        </Row>
      )}
      {type === 'scale' && (
        <Form.Item
          name="levelCounts"
          label={t('form.levelCounts')}
          extra={t('form.levelCountsHelp')}
          rules={[
            {
              validator: async (_: unknown, v: LevelCounts | undefined) => {
                if (Object.keys(setCounts(v ?? {})).length === 0) throw new Error(t('form.levelCountsRequired'));
              },
            },
          ]}
        >
          <LevelCountsInput />
        </Form.Item>
      )}
      {type === 'scheduledInspection' && (
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item
              name="sendTime"
              label={t('form.sendTime')}
              extra={t('form.sendTimeHelp')}
              rules={[
                { required: true, whitespace: true, message: t('form.sendTimeRequired') },
                { pattern: SEND_TIME, message: t('form.sendTimeInvalid') },
              ]}
            >
              <Input autoComplete="off" placeholder="08:00" style={{ width: 140 }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={7}>
            <Form.Item
              name="alarmMail"
              label={t('form.alarmMail')}
              valuePropName="checked"
              dependencies={['recoveryMail']}
              rules={[
                {
                  // The contract's rule: one of the two mails at least (said under the first).
                  validator: async (_: unknown, on: boolean | undefined) => {
                    if (!on && form.getFieldValue('recoveryMail') !== true) throw new Error(t('form.mailsRequired'));
                  },
                },
              ]}
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={7}>
            <Form.Item name="recoveryMail" label={t('form.recoveryMail')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      )}
      {type === 'durationLevel' ? (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="durationMinutes"
              label={t('form.durationMinutes')}
              extra={t('form.durationHelp')}
              rules={[
                { required: true, message: t('form.durationRequired') },
                {
                  type: 'integer',
                  min: 1,
                  max: NOTICE_INTERVAL_MAX,
                  message: t('form.durationRange', { max: NOTICE_INTERVAL_MAX }),
                },
              ]}
            >
              <InputNumber
                min={1}
                max={NOTICE_INTERVAL_MAX}
                precision={0}
                style={{ width: 180 }}
                suffix={t('form.minutesUnit')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="severity"
              label={t('form.severity')}
              rules={[{ required: true, message: t('form.severityRequired') }]}
            >
              <Select placeholder={t('form.severityPlaceholder')} options={severityOptions} />
            </Form.Item>
          </Col>
        </Row>
      ) : (
        takesSeverityFilter(type) && (
          <Form.Item
            name="severities"
            label={t(type === 'alarmLevel' ? 'form.severities' : 'form.severitiesFilter')}
            extra={type === 'alarmLevel' ? undefined : t('form.severitiesAny')}
            rules={
              type === 'alarmLevel' ? [{ required: true, type: 'array', min: 1, message: t('form.severitiesRequired') }] : []
            }
          >
            <Select mode="multiple" allowClear placeholder={t('form.severitiesPlaceholder')} options={severityOptions} />
          </Form.Item>
        )
      )}
    </>
  );
};
