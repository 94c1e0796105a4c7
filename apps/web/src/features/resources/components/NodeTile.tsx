import { Checkbox, Flex, Tag, Tooltip, Typography } from 'antd';
import { metricExceptionText } from './metric-exception-text';
import { useTranslation } from 'react-i18next';
import type { NodeView } from '@portal/shared';
import { NODE_STATE_COLORS, NODE_STATE_FILLS, POWER_COLORS } from './node-colors';

interface Props {
  node: NodeView;
  selectable: boolean;
  selected: boolean;
  onToggle: () => void;
}

/** One node of the state view: its state, load and jobs, and its power when known. */
export const NodeTile = ({ node, selectable, selected, onToggle }: Props) => {
  const { t } = useTranslation('resources');
  return (
    <div
      data-testid={`node-${node.name}`}
      style={{
        border: '1px solid rgba(5, 5, 5, 0.12)',
        borderLeft: `6px solid ${NODE_STATE_FILLS[node.state]}`,
        borderRadius: 6,
        padding: '8px 10px',
        width: 190,
        background: selected ? 'rgba(22, 119, 255, 0.06)' : undefined,
      }}
    >
      <Flex justify="space-between" align="center" gap={4}>
        {selectable ? (
          <Checkbox checked={selected} onChange={onToggle} aria-label={t('nodes.select', { name: node.name })}>
            <Typography.Text strong>{node.name}</Typography.Text>
          </Checkbox>
        ) : (
          <Typography.Text strong>{node.name}</Typography.Text>
        )}
        <Tooltip title={t('nodes.schedulerState', { state: node.schedulerState })}>
          <Tag color={NODE_STATE_COLORS[node.state]} style={{ marginInlineEnd: 0 }}>
            {t(`nodes.state.${node.state}`)}
          </Tag>
        </Tooltip>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 4 }}>
        {t('nodes.cores', { used: node.cpusAlloc, total: node.cpus })}
        {node.gpus > 0 && ` · ${t('nodes.gpus', { used: node.gpusAlloc, total: node.gpus })}`}
        {node.jobs.length > 0 && ` · ${t('nodes.jobs', { count: node.jobs.length })}`}
      </Typography.Text>
      <div style={{ marginTop: 4 }}>
        {node.power ? (
          <Tag color={POWER_COLORS[node.power]}>{t(`nodes.power.${node.power}`)}</Tag>
        ) : (
          !node.hasBmc && <Tag>{t('nodes.noBmc')}</Tag>
        )}
        {node.metricExceptions.length > 0 && (
          <Tooltip title={node.metricExceptions.map((e) => metricExceptionText(t, e)).join('; ')}>
            <Tag color="orange" tabIndex={0}>
              {t('nodes.metricLimits', { count: node.metricExceptions.length })}
            </Tag>
          </Tooltip>
        )}
      </div>
    </div>
  );
};
