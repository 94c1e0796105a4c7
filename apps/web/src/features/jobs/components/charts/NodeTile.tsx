import { Descriptions, Popover, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HeatMapNode } from '@portal/shared';
import { formatMemoryMB } from '../detail/detail-format';
import { currentDetailsPath } from '../../../../lib/job-links';
import { NODE_STATE_STYLE } from './chart-points';

/** One node of the heat map; hover, focus or click shows its load and the jobs on it. */
export const NodeTile = ({ node }: { node: HeatMapNode }) => {
  const { t } = useTranslation('job-charts');
  const style = NODE_STATE_STYLE[node.state];
  const state = t(`nodeState.${node.state}`);
  const details = (
    <div style={{ maxWidth: 380 }}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'state', label: t('node.state'), children: `${state} (${node.schedulerState})` },
          { key: 'cpus', label: t('node.cpus'), children: `${node.cpusAlloc} / ${node.cpus}` },
          { key: 'gpus', label: t('node.gpus'), children: `${node.gpusAlloc} / ${node.gpus}` },
          { key: 'mem', label: t('node.memory'), children: formatMemoryMB(node.memoryMB) },
          { key: 'parts', label: t('node.partitions'), children: node.partitions.join(', ') || '-' },
        ]}
      />
      {node.jobs.length > 0 ? (
        <Table
          size="small"
          rowKey="jobId"
          pagination={false}
          dataSource={node.jobs}
          scroll={{ y: 200 }}
          columns={[
            {
              title: t('node.jobId'),
              dataIndex: 'jobId',
              render: (id: string) => <Link to={currentDetailsPath({ jobId: id })}>{id}</Link>,
            },
            { title: t('node.user'), dataIndex: 'userName' },
            { title: t('node.cores'), dataIndex: 'cores', align: 'right' },
          ]}
        />
      ) : (
        <Typography.Text type="secondary">{t('node.noJobs')}</Typography.Text>
      )}
    </div>
  );
  return (
    <Popover title={node.name} content={details} trigger={['hover', 'focus', 'click']} mouseEnterDelay={0.2}>
      <button
        type="button"
        aria-label={t('node.label', { name: node.name, state, used: node.cpusAlloc, total: node.cpus, jobs: node.jobs.length })}
        style={{
          ...style,
          width: 92,
          height: 64,
          border: 'none',
          borderRadius: 6,
          cursor: 'pointer',
          padding: 4,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: 12,
          lineHeight: 1.3,
        }}
      >
        <span style={{ fontWeight: 600, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {node.name}
        </span>
        <span aria-hidden>{t('node.tileCores', { used: node.cpusAlloc, total: node.cpus })}</span>
        <span aria-hidden>{t('node.tileJobs', { jobs: node.jobs.length })}</span>
      </button>
    </Popover>
  );
};
