import { Button, Flex, Popconfirm, Space, Switch, Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { Template } from '@portal/shared';
import { formatDateTime } from '../../../lib/format';
import { levelText, metricName, SEVERITY_COLORS } from './levels';

export interface TemplateActions {
  onEdit: (t: Template) => void;
  onDelete: (t: Template) => void;
  onToggle: (t: Template, enabled: boolean) => void;
  /** The template whose state is being changed. */
  toggling: number | null;
}

/** The indicators of a template: each metric with its levels in the spec's alarm colours. */
const IndicatorsCell = ({ t, template }: { t: TFunction<'alarms'>; template: Template }) => {
  if (template.kind === 'silent') return <Typography.Text type="secondary">{t('templates.muted')}</Typography.Text>;
  if (template.indicators.length === 0) return '-';
  return (
    <Flex vertical gap={4} style={{ maxWidth: 300 }}>
      {template.indicators.map((i) => (
        <Flex key={i.metric} gap={4} wrap align="center">
          <Typography.Text
            title={
              i.noDataCount === null
                ? t('templates.counts', { alarm: i.alarmCount, recovery: i.recoveryCount })
                : t('templates.countsNoData', { alarm: i.alarmCount, recovery: i.recoveryCount, noData: i.noDataCount })
            }
          >
            {metricName(t, i.metric)}
          </Typography.Text>
          {i.levels.map((l) => (
            <Tag key={l.severity} color={SEVERITY_COLORS[l.severity]} style={{ marginInlineEnd: 0 }}>
              {levelText(t, l, i.unit)}
            </Tag>
          ))}
        </Flex>
      ))}
    </Flex>
  );
};

/** The templates table's columns; the state switch and the actions only for those who manage alarms. */
export const templateColumns = (t: TFunction<'alarms'>, actions: TemplateActions | null): TableColumnsType<Template> => [
  {
    title: t('templates.col.name'),
    key: 'name',
    fixed: 'left',
    // The kind goes with the name: the table keeps its state and actions in view at 1440 px.
    render: (_: unknown, x) => (
      <Flex vertical style={{ maxWidth: 220 }}>
        <Flex gap={6} align="center" wrap>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
            {x.name}
          </Typography.Text>
          <Tag color={x.kind === 'silent' ? 'default' : 'cyan'} style={{ marginInlineEnd: 0 }}>
            {t(`templates.kind.${x.kind}`)}
          </Tag>
        </Flex>
        {x.description && (
          <Typography.Text type="secondary" ellipsis={{ tooltip: x.description }}>
            {x.description}
          </Typography.Text>
        )}
      </Flex>
    ),
  },
  {
    title: t('templates.col.resources'),
    key: 'resources',
    render: (_: unknown, x) => (
      <Flex vertical>
        <span>{t(`resources:type.${x.resourceType}`)}</span>
        <Typography.Text type="secondary">{t('templates.resourceCount', { count: x.resourceCount })}</Typography.Text>
      </Flex>
    ),
  },
  {
    title: t('templates.col.indicators'),
    key: 'indicators',
    render: (_: unknown, x) => <IndicatorsCell t={t} template={x} />,
  },
  {
    title: t('templates.col.status'),
    key: 'status',
    render: (_: unknown, x) =>
      actions ? (
        <Space size={6}>
          <Switch
            size="small"
            checked={x.enabled}
            loading={actions.toggling === x.id}
            aria-label={t('templates.enabledLabel', { name: x.name })}
            onChange={(on) => actions.onToggle(x, on)}
          />
          <span>{t(x.enabled ? 'templates.status.enabled' : 'templates.status.disabled')}</span>
        </Space>
      ) : (
        <Tag color={x.enabled ? 'green' : 'default'}>
          {t(x.enabled ? 'templates.status.enabled' : 'templates.status.disabled')}
        </Tag>
      ),
  },
  {
    title: t('templates.col.updated'),
    key: 'updated',
    render: (_: unknown, x) => (
      <Flex vertical>
        <span>{formatDateTime(x.updatedAt)}</span>
        <Typography.Text type="secondary">{t('templates.updatedBy', { user: x.updatedBy })}</Typography.Text>
      </Flex>
    ),
  },
  ...(actions
    ? [
        {
          title: t('templates.col.actions'),
          key: 'actions',
          fixed: 'right' as const,
          render: (_: unknown, x: Template) => (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => actions.onEdit(x)}>
                {t('templates.edit')}
              </Button>
              <Popconfirm
                title={t('templates.deleteConfirm', { name: x.name })}
                description={t('templates.deleteHint')}
                onConfirm={() => actions.onDelete(x)}
              >
                <Button type="link" size="small" danger>
                  {t('templates.delete')}
                </Button>
              </Popconfirm>
            </Space>
          ),
        },
      ]
    : []),
];
