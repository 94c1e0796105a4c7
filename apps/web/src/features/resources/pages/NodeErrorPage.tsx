import { Alert, Card, Result, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NodeView } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { useSession } from '../../../lib/session';
import { useNodeList } from '../api/list-nodes';
import { ClusterPicker } from '../components/ClusterPicker';
import { isAbnormal } from '../components/node-exceptions';
import { nodeErrorColumns } from '../components/node-error-columns';

/** Nodes that are down, offline, unknown, silent or past a metric limit, with the scheduler's reason (spec section 2: node-error). */
const NodeErrorPage = () => {
  const { t } = useTranslation('resources');
  const errorText = useErrorText();
  const { refreshMs } = useSession();
  const [clusterId, setClusterId] = useState<string | undefined>(undefined);
  const list = useNodeList(clusterId, refreshMs);
  const abnormal = (list.data?.nodes ?? []).filter(isAbnormal);
  return (
    <Card title={t('errors.title')} extra={<ClusterPicker value={clusterId} onChange={setClusterId} />}>
      {list.data?.metricCheck === 'failed' && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('errors.metricsFailed')} />
      )}
      {list.isError ? (
        <Alert type="error" showIcon message={errorText(list.error)} />
      ) : list.data && abnormal.length === 0 ? (
        <Result status="success" title={t('errors.allWell', { count: list.data.nodes.length })} />
      ) : (
        <Table<NodeView>
          rowKey="name"
          size="middle"
          columns={nodeErrorColumns(t)}
          dataSource={abnormal}
          loading={list.isPending}
          pagination={abnormal.length > 50 ? { pageSize: 50 } : false}
          scroll={{ x: 'max-content' }}
        />
      )}
    </Card>
  );
};

export default NodeErrorPage;
