import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, DatePicker, Empty, Flex, Form, Input, Row, Select, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { METRIC_GROUPS, METRIC_RANGE_MAX_DAYS, METRIC_SERIES_MAX, METRIC_SERIES_WARN } from '@portal/shared';
import { isFutureDay, dayRangeToIso } from '../../../components/time-range/date-range';
import { DAY_FORMAT, RANGE_KINDS, presetRange, type DayRange, type RangeKind } from '../../../components/usage/report-range';
import { useErrorText } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { saveBlob } from '../../../lib/save-file';
import { useMetricCatalogue } from '../api/metric-catalogue';
import { useMetricHistory, type MetricHistoryRequest } from '../api/metric-history';
import { ClusterPicker } from '../components/ClusterPicker';
import { MetricChartCard } from '../components/MetricChartCard';
import { metricCharts } from '../components/metric-charts';
import { metricsCsv, metricsCsvName } from '../components/metric-csv';
import {
  appendResource,
  rangeTooLong,
  readSelector,
  selectorErrorText,
  seriesVerdict,
  stepText,
} from '../components/metric-query';
import { metricLabel } from '../../../lib/metric-units';

/** The most metrics one query takes (the API's limit). */
const METRICS_MAX = 20;

const sameRequest = (a: MetricHistoryRequest | null, b: MetricHistoryRequest) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The metric backtrack (spec sections 2, 5 and 9): past values of catalogue metrics for resources
 * named by the batch selector, over a preset or picked range of whole days, one chart per metric
 * and a line per resource, and the loaded series as CSV.
 */
const MetricBacktrackPage = () => {
  const { t } = useTranslation('resources');
  const { modal, message } = App.useApp();
  const errorText = useErrorText();
  const id = useId();
  const [clusterId, setClusterId] = useState<string | undefined>(undefined);
  const catalogue = useMetricCatalogue(clusterId);
  const [selector, setSelector] = useState('');
  const [metrics, setMetrics] = useState<string[]>([]);
  const [kind, setKind] = useState<RangeKind>('day');
  const [range, setRange] = useState<DayRange>(() => presetRange('day', dayjs()));
  /** A query was attempted: the fields left empty say so from then on. */
  const [tried, setTried] = useState(false);
  const [request, setRequest] = useState<MetricHistoryRequest | null>(null);
  const history = useMetricHistory(request);

  const selected = readSelector(selector);
  const showSelector = tried || selector.trim() !== '';
  const resourceCount = 'names' in selected ? selected.names.length : 0;
  const series = resourceCount * metrics.length;
  const verdict = seriesVerdict(series);
  const tooLongDays = rangeTooLong(range.from, range.to);
  const source = catalogue.data?.source;
  const collected = catalogue.data?.resources ?? [];
  const namedNow = 'names' in selected ? new Set(selected.names) : new Set<string>();

  const metricOptions = useMemo(
    () =>
      METRIC_GROUPS.map((g) => ({
        label: t(`metrics.group.${g}`),
        title: t(`metrics.group.${g}`),
        options: (catalogue.data?.list ?? [])
          .filter((m) => m.group === g)
          .map((m) => ({ value: m.id, label: metricLabel(t, m.id, m.unit), title: m.from })),
      })).filter((g) => g.options.length > 0),
    [catalogue.data, t],
  );

  const send = () => {
    const days = kind === 'custom' ? range : presetRange(kind, dayjs());
    if (kind !== 'custom') setRange(days);
    const { startTime = '', endTime = '' } = dayRangeToIso([dayjs(days.from), dayjs(days.to)]);
    const next: MetricHistoryRequest = { clusterId, resources: selector.trim(), metrics, startTime, endTime };
    if (sameRequest(request, next)) void history.refetch();
    else setRequest(next);
  };

  const run = () => {
    setTried(true);
    if ('error' in selected || metrics.length === 0 || tooLongDays !== null || verdict === 'tooMany') return;
    if (verdict === 'slow')
      void modal.confirm({
        title: t('metrics.slow.title'),
        content: t('metrics.slow.text', {
          count: series,
          resources: resourceCount,
          metrics: metrics.length,
          warn: METRIC_SERIES_WARN,
        }),
        okText: t('metrics.slow.ok'),
        cancelText: t('metrics.slow.cancel'),
        autoFocusButton: 'ok',
        onOk: send,
      });
    else send();
  };

  const charts = useMemo(
    () => (history.data && request ? metricCharts(history.data.list, request.metrics) : []),
    [history.data, request],
  );

  const exportCsv = () => {
    if (!history.data) return;
    const { text, rows } = metricsCsv(history.data.list);
    saveBlob(metricsCsvName(request?.clusterId), new Blob([text], { type: 'text/csv;charset=utf-8' }));
    void message.success(t('metrics.exported', { count: rows }));
  };

  const addPlaceholder =
    source === 'prometheus'
      ? t('metrics.prometheusResources')
      : collected.length === 0 && catalogue.isSuccess
        ? t('metrics.noCollected')
        : t('metrics.addResource');

  return (
    <Card
      title={t('metrics.title')}
      extra={
        <ClusterPicker
          value={clusterId}
          onChange={(v) => {
            setClusterId(v);
            setRequest(null);
          }}
        />
      }
    >
      {catalogue.isError && <Alert type="error" showIcon title={errorText(catalogue.error)} style={{ marginBottom: 16 }} />}
      <Form layout="vertical" role="search" aria-label={t('metrics.title')} component="div">
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <Form.Item
              label={t('metrics.resources')}
              htmlFor={`${id}-selector`}
              validateStatus={showSelector && 'error' in selected ? 'error' : undefined}
              help={
                <span aria-live="polite" data-testid="selector-status">
                  {!showSelector
                    ? t('metrics.selectorHelp')
                    : 'error' in selected
                      ? selectorErrorText(t, selected.error)
                      : t('metrics.named', { count: resourceCount })}
                </span>
              }
            >
              <Flex gap={8} wrap>
                <Input
                  id={`${id}-selector`}
                  aria-label={t('metrics.resources')}
                  placeholder="gv1,gv[1-10,11]"
                  value={selector}
                  onChange={(e) => setSelector(e.target.value)}
                  onPressEnter={(e) => {
                    // Else the key's keypress reaches the confirmation's button that has just taken the focus.
                    e.preventDefault();
                    run();
                  }}
                  allowClear
                  style={{ flex: '1 1 220px', minWidth: 0 }}
                  spellCheck={false}
                  autoComplete="off"
                />
                <Select<string>
                  aria-label={t('metrics.addResource')}
                  placeholder={addPlaceholder}
                  value={null}
                  showSearch
                  disabled={collected.length === 0}
                  loading={catalogue.isPending}
                  style={{ flex: '1 1 180px', minWidth: 0 }}
                  popupMatchSelectWidth={false}
                  options={collected.map((r) => ({ value: r, label: r, disabled: namedNow.has(r) }))}
                  onSelect={(name: string) => setSelector((s) => appendResource(s, name))}
                />
              </Flex>
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item
              label={t('metrics.metrics')}
              htmlFor={`${id}-metrics`}
              validateStatus={tried && metrics.length === 0 ? 'error' : undefined}
              help={tried && metrics.length === 0 ? t('metrics.metricsRequired') : undefined}
            >
              <Select<string[]>
                id={`${id}-metrics`}
                aria-label={t('metrics.metrics')}
                mode="multiple"
                allowClear
                maxCount={METRICS_MAX}
                maxTagCount="responsive"
                placeholder={t('metrics.metricsPlaceholder', { max: METRICS_MAX })}
                loading={catalogue.isPending}
                value={metrics}
                onChange={setMetrics}
                optionFilterProp="label"
                options={metricOptions}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label={t('metrics.range.label')}
          htmlFor={`${id}-range`}
          validateStatus={tooLongDays !== null ? 'error' : undefined}
          help={tooLongDays !== null ? t('metrics.range.tooLong', { days: tooLongDays, max: METRIC_RANGE_MAX_DAYS }) : undefined}
        >
          <Flex gap={8} wrap align="center">
            <Select<RangeKind>
              id={`${id}-range`}
              aria-label={t('metrics.range.label')}
              value={kind}
              style={{ width: 170 }}
              onChange={(k) => {
                setKind(k);
                if (k !== 'custom') setRange(presetRange(k, dayjs()));
              }}
              options={RANGE_KINDS.map((k) => ({ value: k, label: t(`metrics.range.${k}`) }))}
            />
            <DatePicker.RangePicker
              aria-label={t('metrics.range.days')}
              placeholder={[t('metrics.range.from'), t('metrics.range.to')]}
              format={DAY_FORMAT}
              disabledDate={(d) => isFutureDay(d)}
              allowClear={false}
              value={[dayjs(range.from), dayjs(range.to)]}
              onChange={(v) => {
                if (!v?.[0] || !v[1]) return;
                setKind('custom');
                setRange({ from: v[0].format(DAY_FORMAT), to: v[1].format(DAY_FORMAT) });
              }}
              style={{ maxWidth: '100%' }}
            />
          </Flex>
        </Form.Item>
        <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
          <Button type="primary" icon={<SearchOutlined aria-hidden />} onClick={run} loading={history.isFetching}>
            {t('metrics.query')}
          </Button>
          <Button
            icon={<DownloadOutlined aria-hidden />}
            onClick={exportCsv}
            disabled={!history.data || history.data.list.length === 0}
          >
            {t('metrics.exportCsv')}
          </Button>
          {series > 0 && (
            <Typography.Text
              type={verdict === 'ok' ? 'secondary' : verdict === 'slow' ? 'warning' : 'danger'}
              data-testid="series-count"
            >
              {t('metrics.seriesOf', { count: series, resources: resourceCount, metrics: metrics.length })}
              {verdict === 'slow' && ` · ${t('metrics.slowWarning', { warn: METRIC_SERIES_WARN })}`}
            </Typography.Text>
          )}
        </Flex>
        {verdict === 'tooMany' && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('metrics.tooMany', {
              count: series,
              resources: resourceCount,
              metrics: metrics.length,
              max: METRIC_SERIES_MAX,
            })}
          />
        )}
      </Form>
      <section aria-label={t('metrics.results')} aria-busy={history.isFetching}>
        {request === null ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('metrics.hint')} />
        ) : history.isError ? (
          <Alert type="error" showIcon title={errorText(history.error)} data-testid="metric-error" />
        ) : history.isPending ? (
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin />
          </Flex>
        ) : (
          <Spin spinning={history.isFetching}>
            <Flex vertical gap={12}>
              <Typography.Text type="secondary" data-testid="metric-caption">
                {t('metrics.caption', {
                  from: formatDateTime(request.startTime),
                  to: formatDateTime(request.endTime),
                  step: stepText(t, history.data.step),
                  resolution: t(`metrics.resolution.${history.data.resolution}`),
                })}
                {source && ` · ${t(`metrics.source.${source}`)}`}
              </Typography.Text>
              <Row gutter={[16, 16]}>
                {charts.map((c) => (
                  <Col key={c.metric} xs={24} xl={12}>
                    <MetricChartCard
                      chart={c}
                      from={Date.parse(request.startTime)}
                      to={Math.min(Date.parse(request.endTime), history.dataUpdatedAt)}
                      step={history.data.step}
                    />
                  </Col>
                ))}
              </Row>
            </Flex>
          </Spin>
        )}
      </section>
    </Card>
  );
};

export default MetricBacktrackPage;
