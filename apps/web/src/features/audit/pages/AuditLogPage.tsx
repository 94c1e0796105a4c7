import { Card, DatePicker, Flex, Input, Select, Table, Tag, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleName, type AuditEntry } from '@portal/shared';
import { FilteredEmpty } from '../../../components/FilteredEmpty';
import { Pager } from '../../../components/pager/Pager';
import { firstPage, toPageStart, type Paging } from '../../../components/pager/paging';
import { useErrorText } from '../../../lib/errors';
import { DATE_TIME_FORMAT, formatDateTime } from '../../../lib/format';
import { useAuditLog, type AuditFilter } from '../api/audit-log';
import { namedActions } from '../lib/action-names';

type Filter = Omit<AuditFilter, 'pageStart' | 'pageLimit'>;

/** Who did what, when, from where, and whether it worked: newest first. */
const AuditLogPage = () => {
  const { t } = useTranslation('audit');
  const errorText = useErrorText();
  const { t: te, i18n } = useTranslation('errors');
  const actionNames = new Map(namedActions(i18n.getResourceBundle(i18n.resolvedLanguage ?? 'en', 'audit'), 'action'));
  // The log keeps the error code only: its words are the console's text for that code.
  const codeText = (code: number) => (i18n.exists(`errors:code.${code}`) ? te(`code.${code}`) : t('errCode', { code }));
  const [filter, setFilter] = useState<Filter>({});
  const [paging, setPaging] = useState<Paging>(firstPage());
  const list = useAuditLog({ ...filter, pageStart: toPageStart(paging), pageLimit: paging.pageSize });
  const refilter = (f: Partial<Filter>) => {
    setFilter((old) => ({ ...old, ...f }));
    setPaging((p) => ({ ...p, page: 1 }));
  };
  // Bumped to clear the filter fields (uncontrolled inputs start afresh).
  const [filterBar, setFilterBar] = useState(0);
  const clearFilters = () => {
    setFilter({});
    setPaging((p) => ({ ...p, page: 1 }));
    setFilterBar((n) => n + 1);
  };
  const columns: TableColumnsType<AuditEntry> = [
    { title: t('col.at'), dataIndex: 'at', render: formatDateTime, width: 170 },
    { title: t('col.user'), dataIndex: 'userName', render: (v: string) => v || '-' },
    { title: t('col.role'), dataIndex: 'roleId', render: (id: number | null) => (id ? t(`common:role.${roleName(id)}`) : '-') },
    {
      title: t('col.action'),
      dataIndex: 'action',
      // Actions read as words (a unit test keeps every audited id named); the id stays in the tooltip.
      render: (a: string) => <span title={a}>{actionNames.get(a) ?? a}</span>,
    },
    { title: t('col.target'), dataIndex: 'target', ellipsis: true, render: (v: string) => v || '-' },
    { title: t('col.ip'), dataIndex: 'ip' },
    {
      title: t('col.result'),
      dataIndex: 'result',
      render: (r: AuditEntry['result'], e) => (
        <Tag color={r === 'success' ? 'green' : 'red'} title={r === 'failure' ? t('errCode', { code: e.errCode }) : undefined}>
          {r === 'success' ? t('result.success') : t('result.failureWith', { reason: codeText(e.errCode) })}
        </Tag>
      ),
    },
    { title: t('col.path'), dataIndex: 'path', ellipsis: true, render: (p: string, e) => `${e.method} ${p}` },
  ];
  return (
    <Card title={t('title')}>
      <Flex key={filterBar} gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('col.user')}
          aria-label={t('col.user')}
          style={{ width: 180 }}
          onSearch={(v) => refilter({ userName: v.trim() || undefined })}
        />
        <Select<string>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('col.action')}
          aria-label={t('col.action')}
          style={{ width: 240 }}
          options={[...actionNames].map(([value, label]) => ({ value, label }))}
          onChange={(action) => refilter({ action })}
        />
        <Select<'success' | 'failure'>
          allowClear
          placeholder={t('col.result')}
          aria-label={t('col.result')}
          style={{ width: 140 }}
          options={[
            { value: 'success', label: t('result.success') },
            { value: 'failure', label: t('result.failure') },
          ]}
          onChange={(result) => refilter({ result })}
        />
        <DatePicker.RangePicker
          showTime={{ defaultValue: [dayjs('00:00:00', 'HH:mm:ss'), dayjs('23:59:59', 'HH:mm:ss')] }}
          format={DATE_TIME_FORMAT}
          aria-label={t('timeRange')}
          disabledDate={(d: Dayjs) => d.isAfter(dayjs().endOf('day'))}
          onChange={(range) =>
            refilter({ startTime: range?.[0]?.toISOString() ?? undefined, endTime: range?.[1]?.toISOString() ?? undefined })
          }
        />
      </Flex>
      <Table<AuditEntry>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: list.isError ? (
            errorText(list.error)
          ) : (
            <FilteredEmpty
              filtered={Object.values(filter).some((v) => v !== undefined)}
              emptyText={t('empty')}
              onClear={clearFilters}
            />
          ),
        }}
      />
      <Pager paging={paging} total={list.data?.total ?? 0} loading={list.isFetching} onChange={setPaging} />
    </Card>
  );
};

export default AuditLogPage;
