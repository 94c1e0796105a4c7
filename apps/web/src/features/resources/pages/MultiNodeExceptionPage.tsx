import { Alert, Card, Flex, List, Result, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/errors';
import { useSession } from '../../../lib/session';
import { useNodeList } from '../api/list-nodes';
import { ClusterPicker } from '../components/ClusterPicker';
import { NODE_STATE_COLORS } from '../components/node-colors';
import { metricCheckName } from '../components/metric-exception-text';
import { exceptionGroups } from '../components/node-exceptions';

/**
 * Exceptions that take several nodes at once (spec section 2: multi-node-exception): abnormal nodes
 * sharing the scheduler's reason or a rack, where one cause (a switch, a PDU, cooling) is likely.
 */
const MultiNodeExceptionPage = () => {
  const { t } = useTranslation('resources');
  const errorText = useErrorText();
  const { refreshMs } = useSession();
  const [clusterId, setClusterId] = useState<string | undefined>(undefined);
  const list = useNodeList(clusterId, refreshMs);
  const groups = exceptionGroups(list.data?.nodes ?? []);
  return (
    <Card title={t('multi.title')} extra={<ClusterPicker value={clusterId} onChange={setClusterId} />}>
      <Typography.Paragraph type="secondary">{t('multi.help')}</Typography.Paragraph>
      {list.isPending ? (
        <Spin />
      ) : list.isError ? (
        <Alert type="error" showIcon message={errorText(list.error)} />
      ) : groups.length === 0 ? (
        <Result status="success" title={t('multi.none')} />
      ) : (
        <List
          bordered
          dataSource={groups}
          renderItem={(g) => (
            <List.Item data-testid={`exception-${g.kind}-${g.key}`}>
              <Flex vertical gap={6} style={{ width: '100%' }}>
                <Typography.Text strong>
                  {g.kind === 'reason'
                    ? t('multi.byReason', { reason: g.key, count: g.nodes.length })
                    : g.kind === 'rack'
                      ? t('multi.byRack', { rack: g.key, count: g.nodes.length, of: g.of })
                      : t('multi.byMetric', { check: metricCheckName(t, g.key), count: g.nodes.length })}
                </Typography.Text>
                <Flex gap={6} wrap>
                  {g.nodes.map((n) => (
                    <Tag key={n.name} color={NODE_STATE_COLORS[n.state]}>
                      {n.name}: {t(`nodes.state.${n.state}`)}
                    </Tag>
                  ))}
                </Flex>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
};

export default MultiNodeExceptionPage;
