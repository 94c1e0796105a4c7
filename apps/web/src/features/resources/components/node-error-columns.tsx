import { Tag, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { NodeView } from '@portal/shared';
import { formatDateTime } from '../../../lib/format';
import { metricExceptionText } from './metric-exception-text';
import { NODE_STATE_COLORS, POWER_COLORS } from './node-colors';

/** The node-error table: what is wrong with each node, since when, where it stands and what runs on it. */
export const nodeErrorColumns = (t: TFunction<'resources'>): TableColumnsType<NodeView> => [
  { title: t('errors.col.node'), dataIndex: 'name', fixed: 'left' },
  {
    title: t('errors.col.state'),
    key: 'state',
    render: (_: unknown, n) => (
      <>
        <Tag color={NODE_STATE_COLORS[n.state]}>{t(`nodes.state.${n.state}`)}</Tag>
        {n.notResponding && <Tag color="red">{t('errors.notResponding')}</Tag>}
      </>
    ),
  },
  { title: t('errors.col.schedulerState'), dataIndex: 'schedulerState' },
  {
    title: t('errors.col.metrics'),
    key: 'metrics',
    render: (_: unknown, n) =>
      n.metricExceptions.length === 0
        ? '-'
        : n.metricExceptions.map((e) => (
            <Tag key={e.check} color="orange">
              {metricExceptionText(t, e)}
            </Tag>
          )),
  },
  { title: t('errors.col.reason'), dataIndex: 'reason', render: (r: string) => r || '-' },
  { title: t('errors.col.since'), dataIndex: 'reasonSince', render: (v: string | null) => (v ? formatDateTime(v) : '-') },
  { title: t('errors.col.rack'), dataIndex: 'rack', render: (v: string | null) => v ?? '-' },
  { title: t('errors.col.jobs'), key: 'jobs', render: (_: unknown, n) => n.jobs.map((j) => j.jobId).join(', ') || '-' },
  {
    title: t('errors.col.power'),
    dataIndex: 'power',
    render: (p: NodeView['power']) => (p ? <Tag color={POWER_COLORS[p]}>{t(`nodes.power.${p}`)}</Tag> : '-'),
  },
];
