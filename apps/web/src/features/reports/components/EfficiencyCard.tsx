import { Alert, Card, Col, Empty, Flex, Row, Statistic, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EfficiencyRow } from '@portal/shared';
import { useEfficiencyReport } from '../api/efficiency-report';
import type { UsageBasis } from '../api/usage-report';
import { formatMB, formatRatio, hintText } from './efficiency-format';

const PAGE_SIZE = 10;

/** How much of what the range's jobs asked for they used, with plain-language hints (docs/reports.md, "Job efficiency"). */
export const EfficiencyCard = ({ basis }: { basis: UsageBasis }) => {
  const { t } = useTranslation('reports');
  const [page, setPage] = useState(1);
  const report = useEfficiencyReport(basis, (page - 1) * PAGE_SIZE, PAGE_SIZE);
  const totals = report.data?.totals;
  const measured = totals ? Math.max(totals.cpuMeasuredJobs, totals.memoryMeasuredJobs) : 0;
  // GPU figures only where accounting gave some (Slurm with a GPU accounting plugin).
  const stats = totals
    ? [
        { key: 'cpu', title: t('efficiency.cpu'), help: t('efficiency.cpuHelp'), value: totals.cpuEfficiency },
        { key: 'memory', title: t('efficiency.memory'), help: t('efficiency.memoryHelp'), value: totals.memoryRatio },
        ...(totals.gpuEfficiency === null
          ? []
          : [{ key: 'gpu', title: t('efficiency.gpu'), help: t('efficiency.gpuHelp'), value: totals.gpuEfficiency }]),
      ]
    : [];
  const columns: TableColumnsType<EfficiencyRow> = [
    { key: 'user', title: t('efficiency.table.user'), dataIndex: 'user' },
    {
      key: 'measured',
      title: t('efficiency.table.measured'),
      align: 'right',
      render: (_: unknown, r: EfficiencyRow) => `${Math.max(r.cpuMeasuredJobs, r.memoryMeasuredJobs)} / ${r.jobs}`,
    },
    {
      key: 'cpu',
      title: t('efficiency.table.cpu'),
      dataIndex: 'cpuEfficiency',
      align: 'right',
      render: (r: number | null) => formatRatio(r),
    },
    {
      key: 'memory',
      title: t('efficiency.table.memory'),
      align: 'right',
      render: (_: unknown, r: EfficiencyRow) =>
        r.memoryRatio === null
          ? '-'
          : `${formatRatio(r.memoryRatio)} (${formatMB(r.memoryUsedMB)} / ${formatMB(r.memoryRequestedMB)})`,
    },
    {
      key: 'gpu',
      title: t('efficiency.gpu'),
      dataIndex: 'gpuEfficiency',
      align: 'right',
      render: (r: number | null) => formatRatio(r),
    },
  ];
  return (
    <Card title={t('efficiency.title')} size="small" loading={report.isPending} data-testid="efficiency-card">
      {totals && (
        <Flex vertical gap={12}>
          <Row gutter={[16, 16]}>
            {stats.map((st) => (
              <Col key={st.key} xs={24} sm={24 / stats.length}>
                <Tooltip title={st.help}>
                  <Statistic title={st.title} value={formatRatio(st.value)} data-testid={`efficiency-${st.key}`} />
                </Tooltip>
              </Col>
            ))}
          </Row>
          <Typography.Text type="secondary">{t('efficiency.measured', { measured, jobs: totals.jobs })}</Typography.Text>
          {totals.jobs > 0 && measured === 0 ? (
            <Alert type="info" showIcon message={t('efficiency.none')} />
          ) : (
            <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="efficiency-hints">
              {totals.hints.map((h) => {
                const text = hintText(basis.scope, h);
                return <li key={h.code}>{t(text.key, text.values)}</li>;
              })}
            </ul>
          )}
          {basis.scope !== 'mine' && (
            <Table<EfficiencyRow>
              size="small"
              rowKey="user"
              columns={columns}
              dataSource={report.data?.list ?? []}
              loading={report.isFetching}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('efficiency.table.empty')} /> }}
              pagination={{
                current: page,
                pageSize: PAGE_SIZE,
                total: report.data?.total ?? 0,
                showSizeChanger: false,
                onChange: setPage,
              }}
            />
          )}
        </Flex>
      )}
    </Card>
  );
};
