import { Alert, Button, Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBillDetail } from '../api/bills-api';
import { BillFilterCard } from '../components/BillFilterCard';
import { BillLinesTable } from '../components/BillLinesTable';
import { BillTotalsBar } from '../components/BillTotalsBar';
import { LoadError } from '../components/LoadError';
import { Pager } from '../../../components/pager/Pager';
import { filterQuery } from '../components/bill-filter';
import { useBillFilter } from '../components/use-bill-filter';
import { hasFilters } from '../../../components/usage/report-filters';

/**
 * /my-report/my-bill-detail: one line per finished job over whole days, or (?billId=) an issued
 * bill's stored lines, with the totals of every line.
 */
const BillDetailPage = () => {
  const { t } = useTranslation('bills');
  const filter = useBillFilter();
  const { state, update, setPaging, onTimeZone } = filter;
  const detail = useBillDetail({
    ...filterQuery(state),
    ...(state.billId ? { billId: state.billId } : {}),
    pageStart: (state.page - 1) * state.pageSize,
    pageLimit: state.pageSize,
  });
  const data = detail.data;
  const filtered = hasFilters(state.filters);
  onTimeZone(data?.timeZone);
  const bill = state.billId && data ? t('detail.billTitle', { billId: state.billId, from: data.from, to: data.to }) : '';
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      {state.billId ? (
        <Card
          size="small"
          title={t('detail.title')}
          extra={<Button onClick={() => update({ billId: '' })}>{t('detail.backToRange')}</Button>}
        >
          <span data-testid="bill-of">{bill}</span>
        </Card>
      ) : (
        <BillFilterCard title={t('detail.title')} filter={filter} timeZone={data?.timeZone} />
      )}
      {/* A failed first load says why; a failed background refetch keeps the lines on screen. */}
      {!data && detail.isError && <LoadError error={detail.error} fetching={detail.isFetching} />}
      <BillTotalsBar totals={data?.totals} currency={data?.currency ?? ''} loading={detail.isPending} />
      <Alert type="info" showIcon message={t('detail.rounding')} data-testid="bill-rounding" />
      <Card size="small">
        <BillLinesTable
          lines={data?.list}
          loading={detail.isFetching}
          emptyText={filtered ? t('common:filter.noMatch') : t('detail.empty')}
        />
        <Pager
          paging={{ page: state.page, pageSize: state.pageSize }}
          total={data?.total ?? 0}
          loading={detail.isFetching}
          onChange={setPaging}
        />
      </Card>
    </Flex>
  );
};

export default BillDetailPage;
