import { App, Button, Card, Empty, Flex, Input, Popconfirm, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type PriceItem } from '@portal/shared';
import { Pager } from '../../../components/pager/Pager';
import { useErrorText } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { useDeletePrice, usePrices } from '../api/bills-api';
import { LoadError } from '../components/LoadError';
import { PriceFormDialog } from '../components/PriceFormDialog';
import { formatPrice } from '../../../lib/money';

/** /my-report/prices: prices per core- and card-hour; administrators add and delete them. */
const PricesPage = () => {
  const { t } = useTranslation('bills');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const manage = useCan()('bills:manage');
  const [queue, setQueue] = useState('');
  const [accountClass, setAccountClass] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [adding, setAdding] = useState(false);
  const prices = usePrices({
    ...(queue ? { queue } : {}),
    ...(accountClass ? { accountClass } : {}),
    pageStart: (paging.page - 1) * paging.pageSize,
    pageLimit: paging.pageSize,
  });
  const remove = useDeletePrice();
  const currency = prices.data?.currency ?? '';
  const any = (v: string) => v || t('prices.any');
  const columns: TableColumnsType<PriceItem> = [
    { key: 'cluster', title: t('prices.cluster'), dataIndex: 'clusterId', render: any },
    { key: 'queue', title: t('prices.queue'), dataIndex: 'queue', render: any },
    { key: 'class', title: t('prices.class'), dataIndex: 'accountClass', render: any },
    {
      key: 'core',
      title: t('prices.coreHourPrice', { currency }),
      dataIndex: 'coreHourPrice',
      align: 'right',
      render: formatPrice,
    },
    {
      key: 'card',
      title: t('prices.cardHourPrice', { currency }),
      dataIndex: 'cardHourPrice',
      align: 'right',
      render: formatPrice,
    },
    { key: 'from', title: t('prices.effectiveFrom'), dataIndex: 'effectiveFrom' },
    { key: 'remark', title: t('prices.remark'), dataIndex: 'remark', ellipsis: true },
    { key: 'by', title: t('prices.createdBy'), dataIndex: 'createdBy' },
    { key: 'at', title: t('prices.createdAt'), dataIndex: 'createdAt', render: formatDateTime },
    ...(manage
      ? [
          {
            key: 'actions',
            title: t('prices.actions'),
            render: (_: unknown, p: PriceItem) => (
              <Popconfirm
                title={t('prices.deleteConfirm')}
                onConfirm={() =>
                  remove
                    .mutateAsync(p.priceId)
                    .then(() => void message.success(t('prices.deleted')))
                    .catch((e: unknown) => void message.error(errorText(e)))
                }
              >
                <Button type="link" size="small" danger>
                  {t('prices.delete')}
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];
  const search = (set: (v: string) => void) => (v: string) => {
    set(v.trim());
    setPaging((p) => ({ ...p, page: 1 }));
  };
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Card
        size="small"
        title={t('prices.title')}
        extra={
          manage && (
            <Button type="primary" onClick={() => setAdding(true)}>
              {t('prices.add')}
            </Button>
          )
        }
      >
        <Flex gap={12} wrap style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            aria-label={t('prices.filterQueue')}
            placeholder={t('prices.filterQueue')}
            maxLength={64}
            style={{ width: 200 }}
            onSearch={search(setQueue)}
          />
          <Input.Search
            allowClear
            aria-label={t('prices.filterClass')}
            placeholder={t('prices.filterClass')}
            maxLength={32}
            style={{ width: 200 }}
            onSearch={search(setAccountClass)}
          />
        </Flex>
        {!prices.data && prices.isError && <LoadError error={prices.error} fetching={prices.isFetching} />}
        <Table<PriceItem>
          rowKey="priceId"
          size="middle"
          columns={columns}
          dataSource={prices.data?.list}
          loading={prices.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('prices.empty')} /> }}
        />
        <Pager paging={paging} total={prices.data?.total ?? 0} loading={prices.isFetching} onChange={setPaging} />
      </Card>
      {adding && <PriceFormDialog currency={currency} onClose={() => setAdding(false)} />}
    </Flex>
  );
};

export default PricesPage;
