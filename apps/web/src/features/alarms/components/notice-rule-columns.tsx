import { Button, Flex, Space, Switch, Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { ALARM_SEVERITIES, type NoticeRule } from '@portal/shared';
import { formatDateTime } from '../../../lib/format';
import { SEVERITY_TAG_COLORS } from './alarm-severity';

export interface NoticeRuleActions {
  onEdit: (r: NoticeRule) => void;
  onDelete: (r: NoticeRule) => void;
  onToggle: (r: NoticeRule, active: boolean) => void;
  /** The rule being enabled, disabled or deleted. */
  busy: number | null;
}

/** A few contacts, then how many more. */
const CONTACTS_SHOWN = 2;

/** What a rule tells of, in a few words: its scope as its type needs it. */
const scopeText = (t: TFunction<'alarm-notices'>, x: NoticeRule) => {
  const s = x.scope;
  if (x.type === 'asset') return t('scopeAssets', { count: s.assetIds?.length ?? 0 });
  if (x.type === 'assetType') return (s.assetTypes ?? []).map((a) => t(`resources:type.${a}`)).join(', ');
  if (x.type === 'scale')
    return ALARM_SEVERITIES.flatMap((l) => {
      const count = s.levelCounts?.[l];
      return count === undefined ? [] : [t('scopeCount', { severity: t(`alarms:severity.${l}`), n: count })];
    })
      .reverse()
      .join(', ');
  if (x.type === 'scheduledInspection') return s.sendTime ? t('scopeDaily', { time: s.sendTime }) : null;
  if (x.type === 'durationLevel')
    return t('scopeDuration', {
      minutes: s.durationMinutes ?? 0,
      severity: s.severity ? t(`alarms:severity.${s.severity}`) : '',
    });
  return null;
};

/**
 * The notification rules' columns (spec sections 3 and 4): name and type with what it tells of,
 * interval, weight, state (a switch for those who manage alarms), contacts and the last change.
 */
export const noticeRuleColumns = (
  t: TFunction<'alarm-notices'>,
  actions: NoticeRuleActions | null,
): TableColumnsType<NoticeRule> => [
  {
    title: t('col.name'),
    key: 'name',
    render: (_: unknown, x) => (
      <Typography.Text strong style={{ overflowWrap: 'anywhere', maxWidth: 200, display: 'inline-block' }}>
        {x.name}
      </Typography.Text>
    ),
  },
  {
    title: t('col.type'),
    key: 'type',
    render: (_: unknown, x) => {
      const scope = scopeText(t, x);
      return (
        <Flex vertical gap={2} align="start" style={{ maxWidth: 190 }}>
          <span>{t(`type.${x.type}`)}</span>
          {scope && <Typography.Text type="secondary">{scope}</Typography.Text>}
          {x.type !== 'durationLevel' && (x.scope.severities ?? []).length > 0 && (
            <Flex gap={4} wrap>
              {(x.scope.severities ?? []).map((s) => (
                <Tag key={s} color={SEVERITY_TAG_COLORS[s]} style={{ marginInlineEnd: 0 }}>
                  {t(`alarms:severity.${s}`)}
                </Tag>
              ))}
            </Flex>
          )}
        </Flex>
      );
    },
  },
  {
    title: t('col.interval'),
    key: 'interval',
    render: (_: unknown, x) => <span style={{ whiteSpace: 'nowrap' }}>{t('minutes', { count: x.interval })}</span>,
  },
  { title: t('col.weight'), dataIndex: 'weight', key: 'weight' },
  {
    title: t('col.active'),
    key: 'active',
    render: (_: unknown, x) =>
      actions ? (
        <Space size={6}>
          <Switch
            size="small"
            checked={x.active}
            loading={actions.busy === x.id}
            aria-label={t('activeLabel', { name: x.name })}
            onChange={(on) => actions.onToggle(x, on)}
          />
          <span>{t(x.active ? 'status.active' : 'status.inactive')}</span>
        </Space>
      ) : (
        <Tag color={x.active ? 'green' : 'default'} style={{ marginInlineEnd: 0 }}>
          {t(x.active ? 'status.active' : 'status.inactive')}
        </Tag>
      ),
  },
  {
    // The rule's contacts: how many mails and phones, the first few named.
    title: t('col.contacts'),
    key: 'contacts',
    render: (_: unknown, x) => {
      const all = [...x.emails, ...x.phones];
      const shown = all.slice(0, CONTACTS_SHOWN);
      return (
        <Flex vertical style={{ maxWidth: 200 }}>
          <span>{t('contactCount', { emails: x.emails.length, phones: x.phones.length })}</span>
          <Typography.Text type="secondary" ellipsis={{ tooltip: all.join(', ') }}>
            {shown.join(', ')}
            {all.length > shown.length ? ` ${t('more', { count: all.length - shown.length })}` : ''}
          </Typography.Text>
        </Flex>
      );
    },
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
          render: (_: unknown, x: NoticeRule) => (
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
