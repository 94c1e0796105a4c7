import { Button, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { Asset } from '@portal/shared';
import { AvailabilityMark } from './AvailabilityMark';

const dash = (v: string | number | null) => (v === null || v === '' ? '-' : v);

/** The inventory table's columns; the name opens the detail, the actions only for those who keep the inventory. */
export const assetColumns = (
  t: TFunction<'resources'>,
  onOpen: (a: Asset) => void,
  actions: { onEdit: (a: Asset) => void; onDelete: (a: Asset) => void } | null,
): TableColumnsType<Asset> => [
  {
    title: t('assets.col.name'),
    key: 'name',
    fixed: 'left',
    // The name opens the resource's detail (its fields, availability and last day of metrics).
    render: (_: unknown, a) => (
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(a)}>
        {a.name}
      </Button>
    ),
  },
  { title: t('assets.col.type'), dataIndex: 'type', render: (v: Asset['type']) => t(`type.${v}`) },
  { title: t('assets.col.cluster'), dataIndex: 'clusterId', render: dash },
  { title: t('assets.col.model'), dataIndex: 'model', render: dash },
  {
    title: t('assets.col.place'),
    key: 'place',
    render: (_: unknown, a) =>
      [
        a.room,
        a.rack,
        a.position === null ? null : `U${a.position}${a.height && a.height > 1 ? `-U${a.position + a.height - 1}` : ''}`,
      ]
        .filter(Boolean)
        .join(' / ') || '-',
  },
  {
    title: t('assets.col.manageIp'),
    key: 'manageIp',
    render: (_: unknown, a) => (a.manageIp ? <AvailabilityMark code={a.manageAvailable} address={a.manageIp} /> : '-'),
  },
  {
    title: t('assets.col.computeIp'),
    key: 'computeIp',
    render: (_: unknown, a) => (a.computeIp ? <AvailabilityMark code={a.computeAvailable} address={a.computeIp} /> : '-'),
  },
  {
    title: t('assets.col.ipmi'),
    key: 'ipmi',
    render: (_: unknown, a) =>
      a.ipmiIp ? (
        <Space size={4}>
          <AvailabilityMark code={a.ipmiAvailable} address={`${a.ipmiIp}${a.ipmiPort ? `:${a.ipmiPort}` : ''}`} />
          {a.ipmiUser && a.ipmiPasswordSet ? null : <Tag>{t('assets.ipmiNoLogin')}</Tag>}
        </Space>
      ) : (
        <Tag>{t('assets.ipmiNone')}</Tag>
      ),
  },
  { title: t('assets.col.parent'), dataIndex: 'parentName', render: dash },
  {
    title: t('assets.col.source'),
    key: 'source',
    render: (_: unknown, a) =>
      a.source === 'manual' ? (
        t('assets.source.manual')
      ) : a.inScheduler ? (
        <Tag color="blue">{t('assets.source.scheduler')}</Tag>
      ) : (
        <Tag color="orange">{t('assets.source.gone')}</Tag>
      ),
  },
  ...(actions
    ? [
        {
          title: t('assets.col.actions'),
          key: 'actions',
          fixed: 'right' as const,
          render: (_: unknown, a: Asset) => (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => actions.onEdit(a)}>
                {t('assets.edit')}
              </Button>
              <Popconfirm title={t('assets.deleteConfirm', { name: a.name })} onConfirm={() => actions.onDelete(a)}>
                <Button type="link" size="small" danger disabled={a.source === 'scheduler' && a.inScheduler}>
                  {t('assets.delete')}
                </Button>
              </Popconfirm>
            </Space>
          ),
        },
      ]
    : []),
];
