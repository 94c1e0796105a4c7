import { ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Flex, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NODE_VIEW_STATES, type PowerAction, type PowerReading } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { useCan, useSession } from '../../../lib/session';
import { useNodeList } from '../api/list-nodes';
import { usePowerNodes, useReadPower } from '../api/power-nodes';
import { ClusterPicker } from '../components/ClusterPicker';
import { NodeTile } from '../components/NodeTile';
import { NODE_STATE_COLORS } from '../components/node-colors';
import { powerFailureText } from '../components/power-results';
import { PowerDialog } from '../components/PowerDialog';
import { ServiceStatusPanel } from '../components/ServiceStatusPanel';

/** The state view (spec sections 2 and 4): every node of a cluster by state, and power for operators. */
const NodeViewPage = () => {
  const { t } = useTranslation('resources');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { refreshMs } = useSession();
  const canPower = useCan()('resources:power');
  const [clusterId, setClusterId] = useState<string | undefined>(undefined);
  const list = useNodeList(clusterId, refreshMs);
  const power = usePowerNodes();
  const read = useReadPower();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [asking, setAsking] = useState<PowerAction | null>(null);
  const [failures, setFailures] = useState<PowerReading[]>([]);
  const nodes = list.data?.nodes ?? [];
  const chosen = nodes.filter((n) => selected.has(n.name));
  const toggle = (name: string) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  const report = (lines: PowerReading[]) => {
    const failed = lines.filter((l) => l.error);
    setFailures(failed);
    if (failed.length === 0) void message.success(t('nodes.result.done', { count: lines.length }));
  };
  const act = (action: PowerAction, drain: boolean) =>
    power.mutate(
      { clusterId, nodes: chosen.filter((n) => n.hasBmc).map((n) => n.name), action, drain },
      {
        onSuccess: (r) => {
          setAsking(null);
          report(r.list);
        },
        onError: (e) => void message.error(errorText(e)),
      },
    );
  const readPower = () =>
    read.mutate(
      { clusterId, nodes: chosen.map((n) => n.name) },
      { onSuccess: (r) => report(r.list), onError: (e) => void message.error(errorText(e)) },
    );
  const powerEnabled = list.data?.powerEnabled ?? false;
  const withBmc = chosen.filter((n) => n.hasBmc).length;
  return (
    <Card
      title={t('nodes.title')}
      extra={
        <Space wrap>
          <ClusterPicker
            value={clusterId}
            onChange={(v) => {
              setClusterId(v);
              setSelected(new Set());
            }}
          />
          <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void list.refetch()} loading={list.isFetching}>
            {t('nodes.refresh')}
          </Button>
        </Space>
      }
    >
      <ServiceStatusPanel clusterId={clusterId} />
      <Flex gap={8} wrap style={{ marginBottom: 16 }} role="list" aria-label={t('nodes.title')}>
        {NODE_VIEW_STATES.map((s) => (
          <Tag key={s} color={NODE_STATE_COLORS[s]} role="listitem">
            {t(`nodes.state.${s}`)}: {list.data?.counts[s] ?? 0}
          </Tag>
        ))}
      </Flex>
      {canPower && list.data && !powerEnabled && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('nodes.powerDisabled')} />
      )}
      {canPower && powerEnabled && (
        <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
          <Button onClick={() => setSelected(new Set(nodes.map((n) => n.name)))}>{t('nodes.selectAll')}</Button>
          <Button onClick={() => setSelected(new Set())} disabled={selected.size === 0}>
            {t('nodes.clear')}
          </Button>
          <Typography.Text type="secondary">{t('nodes.selected', { count: chosen.length })}</Typography.Text>
          <Button disabled={withBmc === 0} onClick={() => setAsking('on')}>
            {t('nodes.powerOn')}
          </Button>
          <Button danger disabled={withBmc === 0} onClick={() => setAsking('off')}>
            {t('nodes.powerOff')}
          </Button>
          <Button danger disabled={withBmc === 0} onClick={() => setAsking('reboot')}>
            {t('nodes.reboot')}
          </Button>
          <Button disabled={chosen.length === 0} loading={read.isPending} onClick={readPower}>
            {t('nodes.readPower')}
          </Button>
        </Flex>
      )}
      {failures.length > 0 && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setFailures([])}
          style={{ marginBottom: 16 }}
          message={t('nodes.result.failed', { count: failures.length })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {failures.map((f) => (
                <li key={f.node}>{t('nodes.result.line', { node: f.node, error: powerFailureText(t, f) })}</li>
              ))}
            </ul>
          }
        />
      )}
      {list.isPending ? (
        <Spin />
      ) : list.isError ? (
        <Alert type="error" showIcon message={errorText(list.error)} />
      ) : nodes.length === 0 ? (
        <Empty description={t('nodes.empty')} />
      ) : (
        <Flex gap={12} wrap>
          {nodes.map((n) => (
            <NodeTile
              key={n.name}
              node={n}
              selectable={canPower && powerEnabled}
              selected={selected.has(n.name)}
              onToggle={() => toggle(n.name)}
            />
          ))}
        </Flex>
      )}
      {asking && (
        <PowerDialog
          action={asking}
          nodes={chosen}
          drainSupported={list.data?.drainSupported ?? false}
          busy={power.isPending}
          onConfirm={(drain) => act(asking, drain)}
          onClose={() => setAsking(null)}
        />
      )}
    </Card>
  );
};

export default NodeViewPage;
