import { FolderOpenOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Flex, Row, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useErrorText } from '../../../lib/errors';
import { useCan } from '../../../lib/session';
import { useOwnsAccount } from '../api/owned-accounts';
import { useUsageSummary } from '../api/usage-report';
import { ReportToolbar } from '../../../components/usage/ReportToolbar';
import { ReportFilterBar } from '../../../components/usage/ReportFilterBar';
import { hasFilters } from '../../../components/usage/report-filters';
import { EfficiencyCard } from '../components/EfficiencyCard';
import { ExportButton } from '../files/ExportButton';
import { ReportFilesDrawer } from '../files/ReportFilesDrawer';
import { ShareCard } from '../components/ShareCard';
import { TopCard } from '../components/TopCard';
import { TrendCard } from '../components/TrendCard';
import { UsageTable } from '../components/UsageTable';
import { UsageTotals } from '../components/UsageTotals';
import { defaultInterval, presetRange, todayIn } from '../../../components/usage/report-range';
import { scopesFor } from '../../../components/usage/report-scopes';
import { dimensionsFor, readReportState, writeReportState, type ReportState } from '../components/report-state';

/** /my-report/usage: jobs, core- and card-hours over a range, by user, account, queue, cluster, company or department. */
const UsageReportsPage = () => {
  const { t } = useTranslation('reports');
  const errorText = useErrorText();
  const qc = useQueryClient();
  const can = useCan();
  const owns = useOwnsAccount();
  const [params, setParams] = useSearchParams();
  const rights = useMemo(() => ({ all: can('reports:readAll'), accounts: owns.data === true }), [can, owns.data]);
  // Until the accounts are known an address asking for "My accounts" keeps it (the server checks).
  const rightsNow = owns.isPending && params.get('scope') === 'accounts' ? { ...rights, accounts: true } : rights;
  // Days are counted in the server's report time zone: "today" is taken there once it is known.
  const [timeZone, setTimeZone] = useState<string>();
  const [filesOpen, setFilesOpen] = useState(false);
  const today = todayIn(timeZone);
  const state = readReportState(params, rightsNow, today);
  const update = (change: Partial<ReportState>) =>
    setParams(writeReportState({ ...state, page: 1, ...change }), { replace: true });
  const units = { billion: t('unit.billion'), million: t('unit.million') };
  const basis = { range: state.range, scope: state.scope, filters: state.filters };
  const filtered = hasFilters(state.filters);
  const dimensions = dimensionsFor(state.scope);
  const summary = useUsageSummary({
    ...basis,
    groupBy: state.dimension,
    sortBy: state.sortBy,
    pageStart: (state.page - 1) * state.pageSize,
    pageLimit: state.pageSize,
  });
  const empty = summary.data?.totals.jobs === 0;
  if (summary.data && summary.data.timeZone !== timeZone) setTimeZone(summary.data.timeZone);

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Card
        title={t('title')}
        size="small"
        extra={
          <Space size={8}>
            <ExportButton basis={basis} dimension={state.dimension} onQueued={() => setFilesOpen(true)} />
            <Button icon={<FolderOpenOutlined aria-hidden />} onClick={() => setFilesOpen(true)}>
              {t('files.button')}
            </Button>
          </Space>
        }
      >
        <Flex vertical gap={8}>
          <ReportToolbar
            kind={state.kind}
            range={state.range}
            scope={state.scope}
            scopes={scopesFor(rightsNow)}
            today={today}
            onKind={(kind) => {
              const range = kind === 'custom' ? state.range : presetRange(kind, today);
              update({ kind, range, interval: defaultInterval(range) });
            }}
            onCustom={(range) => update({ kind: 'custom', range, interval: defaultInterval(range) })}
            // "Mine" has one user: a user filter would only empty it.
            onScope={(scope) =>
              update({
                scope,
                dimension: dimensionsFor(scope)[0],
                filters: scope === 'mine' ? { ...state.filters, user: '' } : state.filters,
              })
            }
          />
          <ReportFilterBar
            filters={state.filters}
            scope={state.scope}
            userFilter={state.scope !== 'mine'}
            onChange={(filters) => update({ filters })}
          />
          <Typography.Text type="secondary" data-testid="report-range">
            {summary.data
              ? t('range.summary', { from: state.range.from, to: state.range.to, timeZone: summary.data.timeZone })
              : t('range.summaryDays', { from: state.range.from, to: state.range.to })}
          </Typography.Text>
        </Flex>
      </Card>
      {summary.isError && (
        <Alert
          type="error"
          showIcon
          message={t('error.title')}
          description={errorText(summary.error)}
          action={
            <Button onClick={() => void qc.refetchQueries({ queryKey: ['reports'] })} loading={summary.isFetching}>
              {t('error.retry')}
            </Button>
          }
        />
      )}
      <UsageTotals totals={summary.data?.totals} loading={summary.isPending} units={units} />
      {empty && (
        <Alert type="info" showIcon message={filtered ? t('empty.filtered') : t('empty.range')} data-testid="report-empty" />
      )}
      <TrendCard
        basis={basis}
        interval={state.interval}
        onInterval={(interval) => setParams(writeReportState({ ...state, interval }), { replace: true })}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <TopCard basis={basis} />
        </Col>
        <Col xs={24} lg={12}>
          <ShareCard basis={basis} dimension={state.dimension} />
        </Col>
      </Row>
      <EfficiencyCard basis={basis} />
      <UsageTable
        dimension={state.dimension}
        dimensions={dimensions}
        filtered={filtered}
        data={summary.data}
        error={summary.isError ? errorText(summary.error) : undefined}
        loading={summary.isFetching}
        sortBy={state.sortBy}
        paging={{ page: state.page, pageSize: state.pageSize }}
        units={units}
        onDimension={(dimension) => update({ dimension })}
        onSort={(sortBy) => update({ sortBy })}
        onPaging={(p) => setParams(writeReportState({ ...state, page: p.page, pageSize: p.pageSize }), { replace: true })}
      />
      <ReportFilesDrawer open={filesOpen} onClose={() => setFilesOpen(false)} />
    </Flex>
  );
};

export default UsageReportsPage;
