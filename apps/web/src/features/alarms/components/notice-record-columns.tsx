import { Button, Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { NoticeRecord, NoticeStatus } from '@portal/shared';
import { formatDateTime } from '../../../lib/format';

/** A record as the tables show it: a text message carries its text, a mail's is read on demand (null). */
export type NoticeRecordRow = NoticeRecord & { content: string | null };

/** Spec section 9's state colours: waiting grey, sending blue, sent green, failed red. */
export const NOTICE_STATUS_COLORS: Record<NoticeStatus, string> = {
  waiting: 'default',
  sending: 'processing',
  success: 'success',
  failure: 'error',
};

/** The records' columns (spec section 3): what was sent, by which rule, to whom, how it went and when. */
export const noticeRecordColumns = (
  t: TFunction<'alarm-notices'>,
  channel: 'email' | 'sms',
  onContent: (r: NoticeRecordRow) => void,
): TableColumnsType<NoticeRecordRow> => [
  {
    title: t(channel === 'email' ? 'records.col.subject' : 'records.col.message'),
    key: 'name',
    render: (_: unknown, r) => (
      <Typography.Text strong ellipsis={{ tooltip: r.name }} style={{ maxWidth: 240 }}>
        {r.name}
      </Typography.Text>
    ),
  },
  { title: t('records.col.rule'), dataIndex: 'ruleName', key: 'rule' },
  {
    title: t('records.col.status'),
    key: 'status',
    render: (_: unknown, r) => (
      <Tag color={NOTICE_STATUS_COLORS[r.status]} style={{ marginInlineEnd: 0 }}>
        {t(`records.status.${r.status}`)}
      </Tag>
    ),
  },
  {
    title: t('records.col.contacts'),
    key: 'contacts',
    render: (_: unknown, r) => (
      <Typography.Text ellipsis={{ tooltip: r.contacts.join(', ') }} style={{ maxWidth: 220 }}>
        {r.contacts.join(', ')}
      </Typography.Text>
    ),
  },
  { title: t('records.col.attempts'), dataIndex: 'attempts', key: 'attempts' },
  {
    title: t('records.col.lastError'),
    key: 'lastError',
    render: (_: unknown, r) =>
      r.lastError ? (
        <Typography.Text type="danger" ellipsis={{ tooltip: r.lastError }} style={{ maxWidth: 220 }}>
          {r.lastError}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">-</Typography.Text>
      ),
  },
  {
    title: t('records.col.created'),
    key: 'created',
    render: (_: unknown, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createdAt)}</span>,
  },
  {
    title: t('records.col.sent'),
    key: 'sent',
    render: (_: unknown, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.sendTime)}</span>,
  },
  {
    title: t('records.col.actions'),
    key: 'actions',
    fixed: 'right',
    render: (_: unknown, r) => (
      <Button type="link" size="small" aria-label={t('records.contentOf', { name: r.name })} onClick={() => onContent(r)}>
        {t('records.content')}
      </Button>
    ),
  },
];
