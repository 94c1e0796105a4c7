import { Card, DatePicker, Empty, Flex, Input, Select, Table, Tag, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleName, type AuditEntry } from '@portal/shared';
import { Pager } from '../../../components/pager/Pager';
import { firstPage, toPageStart, type Paging } from '../../../components/pager/paging';
import { useErrorText } from '../../../lib/errors';
import { DATE_TIME_FORMAT, formatDateTime } from '../../../lib/format';
import { useAuditLog, type AuditFilter } from '../api/audit-log';

type Filter = Omit<AuditFilter, 'pageStart' | 'pageLimit'>;

/** Who did what, when, from where, and whether it worked: newest first. */
const AuditLogPage = () => {
  const { t } = useTranslation('audit');
  const errorText = useErrorText();
  const [filter, setFilter] = useState<Filter>({});
  const [paging, setPaging] = useState<Paging>(firstPage());
  const list = useAuditLog({ ...filter, pageStart: toPageStart(paging), pageLimit: paging.pageSize });
  const refilter = (f: Partial<Filter>) => {
    setFilter((old) => ({ ...old, ...f }));
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const columns: TableColumnsType<AuditEntry> = [
    { title: t('col.at'), dataIndex: 'at', render: formatDateTime, width: 170 },
    { title: t('col.user'), dataIndex: 'userName', render: (v: string) => v || '-' },
    { title: t('col.role'), dataIndex: 'roleId', render: (id: number | null) => (id ? t(`common:role.${roleName(id)}`) : '-') },
    {
      title: t('col.action'),
      dataIndex: 'action',
      // Known actions read as words; the contract id stays visible for anything newer.
      render: (a: string) => <span title={a}>{t(`action.${a}`, { defaultValue: a })}</span>,
    },
    { title: t('col.target'), dataIndex: 'target', ellipsis: true, render: (v: string) => v || '-' },
    { title: t('col.ip'), dataIndex: 'ip' },
    {
      title: t('col.result'),
      dataIndex: 'result',
      render: (r: AuditEntry['result'], e) => (
        <Tag color={r === 'success' ? 'green' : 'red'}>
          {t(`result.${r}`)}
          {r === 'failure' ? ` (${e.errCode})` : ''}
        </Tag>
      ),
    },
    { title: t('col.path'), dataIndex: 'path', ellipsis: true, render: (p: string, e) => `${e.method} ${p}` },
  ];
  return (
    <Card title={t('title')}>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('col.user')}
          aria-label={t('col.user')}
          style={{ width: 180 }}
          onSearch={(v) => refilter({ userName: v.trim() || undefined })}
        />
        <Input.Search
          allowClear
          placeholder={t('col.action')}
          aria-label={t('col.action')}
          style={{ width: 200 }}
          onSearch={(v) => refilter({ action: v.trim() || undefined })}
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
        locale={{ emptyText: list.isError ? errorText(list.error) : <Empty description={t('empty')} /> }}
      />
      <Pager paging={paging} total={list.data?.total ?? 0} loading={list.isFetching} onChange={setPaging} />
    </Card>
  );
};

export default AuditLogPage;
