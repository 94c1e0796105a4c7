import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ALARM_SEVERITIES, ASSET_TYPES, METRIC_GROUPS } from '@portal/shared';
import { isFutureDay } from '../../../components/time-range/date-range';
import { DATE_TIME_FORMAT } from '../../../lib/format';
import { useIndicatorChoices } from '../api/alarm-list-metrics';
import { metricName } from '../../../lib/metric-units';
import {
  CONFIRM_STATES,
  rangeReversed,
  toAlarmCriteria,
  type AlarmCriteria,
  type AlarmFilterValues,
  type AlarmTab,
} from './alarm-list-model';

interface Props {
  tab: AlarmTab;
  onSearch: (c: AlarmCriteria) => void;
  /** Part of a resource's name the list opened with (a link from the overview's top resources). */
  initialKeyword?: string | undefined;
}

/** Spec section 5: a start picked without a time starts at 00:00:00, an end ends at 23:59:59. */
const DAY_EDGES = [dayjs('00:00:00', 'HH:mm:ss'), dayjs('23:59:59', 'HH:mm:ss')] as const;

/**
 * The list's filters (spec section 2): grade (several levels), asset type, indicator, confirm
 * status, part of the resource's name, and for the history when the alarms were raised (no
 * future days; the start not later than the end). Enter or Search applies them, Reset clears them.
 */
export const AlarmFilters = ({ tab, onSearch, initialKeyword }: Props) => {
  const { t } = useTranslation('alarm-list');
  const { t: tm } = useTranslation('resources');
  const [form] = Form.useForm<AlarmFilterValues>();
  const catalogue = useIndicatorChoices();
  const metricOptions = useMemo(
    () =>
      METRIC_GROUPS.map((g) => ({
        label: tm(`metrics.group.${g}`),
        title: tm(`metrics.group.${g}`),
        options: (catalogue.data ?? []).filter((m) => m.group === g).map((m) => ({ value: m.id, label: metricName(tm, m.id) })),
      })).filter((g) => g.options.length > 0),
    [catalogue.data, tm],
  );
  return (
    <Form<AlarmFilterValues>
      form={form}
      layout="inline"
      style={{ rowGap: 8, marginBottom: 16 }}
      initialValues={initialKeyword ? { keyword: initialKeyword } : undefined}
      onFinish={(v) => onSearch(toAlarmCriteria(v))}
      aria-label={t('filter.title')}
    >
      <Form.Item name="severities">
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder={t('filter.grade')}
          aria-label={t('filter.grade')}
          style={{ width: 180 }}
          options={ALARM_SEVERITIES.map((s) => ({ value: s, label: t(`severity.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="resourceType">
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('filter.resourceType')}
          aria-label={t('filter.resourceType')}
          style={{ width: 150 }}
          options={ASSET_TYPES.map((x) => ({ value: x, label: tm(`type.${x}`) }))}
        />
      </Form.Item>
      <Form.Item name="metric">
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('filter.metric')}
          aria-label={t('filter.metric')}
          style={{ width: 180 }}
          loading={catalogue.isPending}
          options={metricOptions}
        />
      </Form.Item>
      <Form.Item name="confirm">
        <Select
          allowClear
          placeholder={t('filter.confirm')}
          aria-label={t('filter.confirm')}
          style={{ width: 150 }}
          options={CONFIRM_STATES.map((c) => ({ value: c, label: t(`confirmState.${c}`) }))}
        />
      </Form.Item>
      <Form.Item name="keyword">
        <Input
          allowClear
          placeholder={t('filter.keyword')}
          aria-label={t('filter.keyword')}
          style={{ width: 170 }}
          maxLength={64}
        />
      </Form.Item>
      {tab === 'history' && (
        <Form.Item
          name="range"
          rules={[
            {
              validator: (_, v: AlarmFilterValues['range']) =>
                rangeReversed(v) ? Promise.reject(new Error(t('filter.reversed'))) : Promise.resolve(),
            },
          ]}
        >
          <DatePicker.RangePicker
            showTime={{ defaultValue: [DAY_EDGES[0], DAY_EDGES[1]] }}
            format={DATE_TIME_FORMAT}
            disabledDate={(d) => isFutureDay(d)}
            allowEmpty={[true, true]}
            aria-label={t('filter.range')}
            placeholder={[t('filter.from'), t('filter.to')]}
            style={{ width: 380 }}
          />
        </Form.Item>
      )}
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
          {t('filter.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          icon={<ReloadOutlined aria-hidden />}
          onClick={() => {
            form.resetFields();
            onSearch(toAlarmCriteria({}));
          }}
        >
          {t('filter.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
};
