import { FullscreenExitOutlined, FullscreenOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, ConfigProvider, Flex, Radio, Row, Skeleton, Space, Tooltip, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EChart } from '../../../components/charts/EChart';
import { barOption, pieOption } from '../../../components/charts/options';
import { useFullscreen } from '../../../components/fullscreen/use-fullscreen';
import { PeriodPicker } from '../../../components/time-range/PeriodPicker';
import { presetRange, todayIn, type DayRange, type RangeKind } from '../../../components/usage/report-range';
import { useErrorText } from '../../../lib/errors';
import { metricName } from '../../../lib/metric-units';
import { useSession } from '../../../lib/session';
import {
  OVERVIEW_KEY,
  useAlarmCount,
  useAlarmSystemTime,
  useAlarmTrend,
  useAlarmsByMetric,
  useTopResources,
} from '../api/alarm-overview-queries';
import { useSeverityCount } from '../api/alarm-list-queries';
import {
  metricPoints,
  NON_LEVEL_COLORS,
  RESOURCE_BAR_COLOR,
  rangeOf,
  rangeQuery,
  resourcePoints,
  severityTotals,
  TOP_RESOURCES,
  TREND_DEFAULT,
  trendOption,
  zoneDateTime,
  type OverviewView,
} from '../components/alarm-overview-model';
import { AlarmOverviewCounts } from '../components/AlarmOverviewCounts';

const LIST_PATH = '/manage/alarmManage/alarm-list';
const SMALL_CHART = 320;

/**
 * The alarm overview (issue 16; spec section 2: last-day backtrack and historical trend, allowed
 * full screen as alarmBacktrack): alarms raised in the last 24 hours per hour (read again at the
 * session's refresh interval), or per hour or day over a range of whole days; by level next to the
 * alarms open now, by indicator, and the 10 resources with most alarms, which lead to the list.
 */
const AlarmOverviewPage = () => {
  const { t } = useTranslation('alarm-overview');
  const { t: listT } = useTranslation('alarm-list');
  const { t: metricsT } = useTranslation('resources');
  const errorText = useErrorText();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { refreshMs } = useSession();
  const box = useRef<HTMLDivElement>(null);
  const full = useFullscreen(box);

  const [view, setView] = useState<OverviewView>('lastDay');
  const [kind, setKind] = useState<RangeKind>(TREND_DEFAULT);
  const [custom, setCustom] = useState<DayRange | null>(null);
  // "Now" of a range that ends today: taken when the range is chosen or refreshed, so it stays one query.
  const [asked, setAsked] = useState(() => Date.now());

  const systemTime = useAlarmSystemTime(view === 'lastDay' ? refreshMs : undefined);
  const timeZone = systemTime.data?.timeZone;
  const today = todayIn(timeZone);
  const range = rangeOf(kind, custom ?? presetRange(TREND_DEFAULT, today), today);
  // A new object each render, the same query key: the key is compared by value.
  const query = rangeQuery(view, range, timeZone, asked);
  const every = view === 'lastDay' ? refreshMs : undefined;
  const count = useAlarmCount(query, every);
  const trend = useAlarmTrend(query, every);
  const byMetric = useAlarmsByMetric(query, every);
  const top = useTopResources(query, every);
  const open = useSeverityCount(refreshMs);

  const totals = useMemo(() => (trend.data ? severityTotals(trend.data.list) : undefined), [trend.data]);
  const interval = trend.data?.interval ?? 'hour';
  const chart = useMemo(
    () =>
      trendOption(trend.data?.list ?? [], {
        interval,
        timeZone,
        severityName: (s) => listT(`severity.${s}`),
        totalName: t('chart.total'),
      }),
    [trend.data, interval, timeZone, listT, t],
  );
  const metrics = useMemo(
    () => metricPoints(byMetric.data?.list ?? [], (m) => metricName(metricsT, m)),
    [byMetric.data, metricsT],
  );
  const resources = useMemo(() => resourcePoints(top.data?.list ?? []), [top.data]);
  // Not in the levels' colours, which mean a level here. No animation: the last day is read
  // again every refresh interval, and its charts would grow again each time.
  const pieChart = useMemo(
    () => ({ ...pieOption(metrics, { seriesName: t('byMetric.series') }), color: [...NON_LEVEL_COLORS], animation: false }),
    [metrics, t],
  );
  const topChart = useMemo(
    () => ({
      ...barOption(resources, { seriesName: t('top.series'), n: TOP_RESOURCES }),
      color: [RESOURCE_BAR_COLOR],
      animation: false,
    }),
    [resources, t],
  );
  const failed = [systemTime, count, trend, byMetric, top, open].find((q) => q.isError);
  const fetching = [count, trend, byMetric, top].some((q) => q.isFetching);
  const empty = count.data?.raised === 0;
  const listText = (points: { name: string; value: number }[]) => points.map((p) => `${p.name} ${p.value}`).join(', ');

  const refresh = () => {
    setAsked(Date.now());
    void qc.invalidateQueries({ queryKey: OVERVIEW_KEY });
    void open.refetch();
  };
  const chooseKind = (k: RangeKind) => {
    setKind(k);
    setAsked(Date.now());
  };

  const period = count.data ?? trend.data;

  return (
    <div
      ref={box}
      style={full.active ? { background: '#f5f5f5', padding: 24, overflow: 'auto', height: '100vh' } : undefined}
      data-testid="alarm-overview"
    >
      {/* Popups open inside the page, or full screen would hide them. */}
      <ConfigProvider getPopupContainer={() => box.current ?? document.body}>
        <Flex vertical gap={16} style={{ minWidth: 0 }}>
          <Card
            title={t('title')}
            size="small"
            extra={
              <Space wrap>
                <Typography.Text type="secondary" data-testid="overview-as-of">
                  {systemTime.data ? t('asOf', { time: zoneDateTime(systemTime.data.time, timeZone), timeZone }) : '\u00a0'}
                </Typography.Text>
                <Button icon={<ReloadOutlined aria-hidden />} loading={fetching && !count.isPending} onClick={refresh}>
                  {t('refresh')}
                </Button>
                {full.supported && (
                  <Tooltip title={t(full.active ? 'exitFullscreen' : 'fullscreen')}>
                    <Button
                      icon={full.active ? <FullscreenExitOutlined aria-hidden /> : <FullscreenOutlined aria-hidden />}
                      aria-label={t(full.active ? 'exitFullscreen' : 'fullscreen')}
                      aria-pressed={full.active}
                      onClick={full.toggle}
                    />
                  </Tooltip>
                )}
              </Space>
            }
          >
            <Flex vertical gap={8}>
              <Flex gap={12} wrap align="center">
                <Radio.Group
                  aria-label={t('view.label')}
                  optionType="button"
                  value={view}
                  onChange={(e) => {
                    setView(e.target.value as OverviewView);
                    setAsked(Date.now());
                  }}
                  options={(['lastDay', 'trend'] as const).map((v) => ({ value: v, label: t(`view.${v}`) }))}
                />
                {view === 'trend' && (
                  <PeriodPicker
                    kind={kind}
                    range={range}
                    today={today}
                    onKind={chooseKind}
                    onCustom={(r) => {
                      setCustom(r);
                      chooseKind('custom');
                    }}
                    texts={{
                      kind: (k) => t(`range.${k}`),
                      label: t('range.label'),
                      days: t('range.days'),
                      from: t('range.from'),
                      to: t('range.to'),
                    }}
                  />
                )}
                {view === 'lastDay' && (
                  <Typography.Text type="secondary">
                    {t('autoRefresh', { seconds: Math.round(refreshMs / 1000) })}
                  </Typography.Text>
                )}
              </Flex>
              <Typography.Text type="secondary" data-testid="overview-period">
                {period
                  ? t(interval === 'day' ? 'period.day' : 'period.hour', {
                      from: zoneDateTime(period.from, timeZone),
                      to: zoneDateTime(period.to, timeZone),
                      timeZone,
                    })
                  : '\u00a0'}
              </Typography.Text>
            </Flex>
          </Card>
          {failed && (
            <Alert
              type="error"
              showIcon
              title={t('error.title')}
              description={errorText(failed.error)}
              data-testid="overview-error"
              action={
                <Button onClick={refresh} loading={fetching}>
                  {t('error.retry')}
                </Button>
              }
            />
          )}
          <AlarmOverviewCounts raised={totals} open={open.data} recovered={count.data?.recovered} />
          {empty && <Alert type="info" showIcon title={t('empty')} data-testid="overview-empty" />}
          <section aria-busy={fetching} aria-label={t('title')}>
            <Flex vertical gap={16}>
              <Card
                size="small"
                title={
                  view === 'lastDay' ? t('chart.backtrack') : t('chart.trend', { interval: t(`chart.interval.${interval}`) })
                }
                data-testid="overview-trend"
              >
                {trend.isPending ? (
                  <Skeleton active paragraph={{ rows: 8 }} />
                ) : (
                  <EChart
                    option={chart}
                    empty={!totals || totals.total === 0}
                    label={t('chart.label', { interval: t(`chart.interval.${interval}`), count: totals?.total ?? 0 })}
                  />
                )}
              </Card>
              <Row gutter={[16, 16]}>
                <Col xs={24} lg={12}>
                  <Card size="small" title={t('byMetric.title')} data-testid="overview-by-metric" style={{ height: '100%' }}>
                    {byMetric.isPending ? (
                      <Skeleton active paragraph={{ rows: 6 }} />
                    ) : (
                      <EChart
                        height={SMALL_CHART}
                        option={pieChart}
                        empty={metrics.length === 0}
                        label={t('byMetric.label', { list: listText(metrics) })}
                      />
                    )}
                  </Card>
                </Col>
                <Col xs={24} lg={12}>
                  <Card size="small" title={t('top.title')} data-testid="overview-top" style={{ height: '100%' }}>
                    {top.isPending ? (
                      <Skeleton active paragraph={{ rows: 6 }} />
                    ) : (
                      <>
                        <EChart
                          height={SMALL_CHART}
                          option={topChart}
                          empty={resources.length === 0}
                          label={t('top.label', { list: listText(resources) })}
                          onClick={({ name }) =>
                            void navigate(name ? `${LIST_PATH}?keyword=${encodeURIComponent(name)}` : LIST_PATH)
                          }
                        />
                        {resources.length > 0 && (
                          <nav aria-label={t('top.list')}>
                            <Flex component="ol" wrap gap={8} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                              {resources.map((r, i) => (
                                <li key={`${r.name}-${i}`}>
                                  {i + 1}.{' '}
                                  <Link to={`${LIST_PATH}?keyword=${encodeURIComponent(r.name)}`}>
                                    {t('top.link', { name: r.name, count: r.value })}
                                  </Link>
                                </li>
                              ))}
                            </Flex>
                          </nav>
                        )}
                      </>
                    )}
                  </Card>
                </Col>
              </Row>
            </Flex>
          </section>
        </Flex>
      </ConfigProvider>
    </div>
  );
};

export default AlarmOverviewPage;
