import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Switch, Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { AggregateRule } from '@portal/shared';
import { formatDateTime } from '../../../lib/format';
import { metricName } from '../../../lib/metric-units';
import { SEVERITY_TAG_COLORS } from './alarm-severity';
import { DragHandle } from './SortableRows';

export interface AggregateRuleActions {
  onEdit: (r: AggregateRule) => void;
  onDelete: (r: AggregateRule) => void;
  onToggle: (r: AggregateRule, enabled: boolean) => void;
  /** Moves the rule one place up (-1) or down (+1) in the scan order. */
  onMove: (r: AggregateRule, delta: -1 | 1) => void;
  /** The rule being enabled, disabled or deleted (its delete check included). */
  busy: number | null;
}

/** The attribute the move buttons carry, to give the focus back to the one pressed once its row has moved. */
export const MOVE_ATTR = 'data-rule-move';

/**
 * The aggregate rules' columns in scan order (spec sections 3 and 4): the order with its drag
 * handle and move buttons, the state switch and the actions only for those who manage alarms.
 */
export const aggregationRuleColumns = (
  t: TFunction<'alarm-aggregation'>,
  tr: TFunction<'resources'>,
  actions: AggregateRuleActions | null,
  count: number,
): TableColumnsType<AggregateRule> => [
  {
    title: t('col.order'),
    key: 'order',
    fixed: 'left',
    render: (_: unknown, x, index) => (
      <Flex gap={2} align="center">
        {actions && <DragHandle label={t('dragHandle', { name: x.name })} />}
        <Typography.Text strong style={{ minWidth: 20, textAlign: 'center' }}>
          {index + 1}
        </Typography.Text>
        {actions && (
          <>
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined aria-hidden />}
              aria-label={t('moveUp', { name: x.name })}
              title={t('moveUp', { name: x.name })}
              {...{ [MOVE_ATTR]: `${x.id}:up` }}
              disabled={index === 0}
              onClick={() => actions.onMove(x, -1)}
            />
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined aria-hidden />}
              aria-label={t('moveDown', { name: x.name })}
              title={t('moveDown', { name: x.name })}
              {...{ [MOVE_ATTR]: `${x.id}:down` }}
              disabled={index === count - 1}
              onClick={() => actions.onMove(x, 1)}
            />
          </>
        )}
      </Flex>
    ),
  },
  {
    title: t('col.name'),
    key: 'name',
    render: (_: unknown, x) => (
      <Flex vertical style={{ maxWidth: 160 }}>
        <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
          {x.name}
        </Typography.Text>
        {x.description && (
          <Typography.Text type="secondary" ellipsis={{ tooltip: x.description }}>
            {x.description}
          </Typography.Text>
        )}
      </Flex>
    ),
  },
  {
    title: t('col.metrics'),
    key: 'metrics',
    render: (_: unknown, x) => (
      <Flex gap={4} wrap style={{ maxWidth: 180 }}>
        {x.metrics.map((m) => (
          <Tag key={m} style={{ marginInlineEnd: 0 }}>
            {metricName(tr, m)}
          </Tag>
        ))}
      </Flex>
    ),
  },
  {
    // How it aggregates: the grouping, the minimum and whether the members leave the real-time list.
    title: t('col.aggregation'),
    key: 'aggregation',
    render: (_: unknown, x) => (
      <Flex vertical>
        <span>{t(`grouping.${x.groupBy}`)}</span>
        <Typography.Text type="secondary">{t('minAlarmsValue', { count: x.minAlarms })}</Typography.Text>
        <Typography.Text type="secondary" title={x.suppress ? t('suppressOnHint') : undefined}>
          {t(x.suppress ? 'suppressOn' : 'suppressOff')}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    // Which alarms it takes: the least severity, the asset type and its assets.
    title: t('col.conditions'),
    key: 'conditions',
    render: (_: unknown, x) => (
      <Flex vertical gap={4} align="start">
        {x.minSeverity ? (
          <Tag color={SEVERITY_TAG_COLORS[x.minSeverity]} style={{ marginInlineEnd: 0 }}>
            {t('fromSeverity', { severity: t(`alarms:severity.${x.minSeverity}`) })}
          </Tag>
        ) : (
          <Typography.Text type="secondary">{t('anySeverity')}</Typography.Text>
        )}
        {x.resourceType ? (
          <Flex gap={6}>
            <span>{t(`resources:type.${x.resourceType}`)}</span>
            <Typography.Text type="secondary">
              {x.resources.length === 0 ? t('allOfType') : t('assetCount', { count: x.resources.length })}
            </Typography.Text>
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('anyType')}</Typography.Text>
        )}
      </Flex>
    ),
  },
  {
    // The state with the real-time aggregated alarms it has made (disabling it removes them).
    title: t('col.status'),
    key: 'status',
    render: (_: unknown, x) => (
      <Flex vertical gap={2} align="start">
        {actions ? (
          <Space size={6}>
            <Switch
              size="small"
              checked={x.enabled}
              loading={actions.busy === x.id}
              aria-label={t('enabledLabel', { name: x.name })}
              onChange={(on) => actions.onToggle(x, on)}
            />
            <span>{t(x.enabled ? 'status.enabled' : 'status.disabled')}</span>
          </Space>
        ) : (
          <Tag color={x.enabled ? 'green' : 'default'} style={{ marginInlineEnd: 0 }}>
            {t(x.enabled ? 'status.enabled' : 'status.disabled')}
          </Tag>
        )}
        <Typography.Text type={x.openAlarms > 0 ? undefined : 'secondary'} title={t('openAlarmsHint')}>
          {t('openAlarms', { count: x.openAlarms })}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    title: t('col.updated'),
    key: 'updated',
    render: (_: unknown, x) => (
      <Flex vertical>
        <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(x.updatedAt)}</span>
        <Typography.Text type="secondary">{t('updatedBy', { user: x.updatedBy })}</Typography.Text>
      </Flex>
    ),
  },
  ...(actions
    ? [
        {
          title: t('col.actions'),
          key: 'actions',
          fixed: 'right' as const,
          render: (_: unknown, x: AggregateRule) => (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => actions.onEdit(x)}>
                {t('edit')}
              </Button>
              <Button type="link" size="small" danger disabled={actions.busy === x.id} onClick={() => actions.onDelete(x)}>
                {t('delete')}
              </Button>
            </Space>
          ),
        },
      ]
    : []),
];
