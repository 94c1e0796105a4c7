import { Alert, Card, Flex, Input, Modal, Select, Spin, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTICE_STATUSES, type NoticeStatus } from '@portal/shared';
import { FilteredEmpty } from '../../../components/FilteredEmpty';
import { Pager } from '../../../components/pager/Pager';
import { firstPage, toPageStart, type Paging } from '../../../components/pager/paging';
import { useErrorText } from '../../../lib/errors';
import { useNoticeEmailContent, useNoticeRecords, type NoticeChannel } from '../api/notices';
import { noticeRecordColumns, type NoticeRecordRow } from '../components/notice-record-columns';

/** The text of one record: a mail's is read from the server, a text message's is in its row. */
const ContentDialog = ({ record, onClose }: { record: NoticeRecordRow; onClose: () => void }) => {
  const { t } = useTranslation('alarm-notices');
  const errorText = useErrorText();
  const mail = useNoticeEmailContent(record.content === null ? record.id : null);
  const body =
    record.content !== null ? (
      record.content
    ) : mail.isError ? (
      <Alert type="error" showIcon title={errorText(mail.error)} />
    ) : mail.isSuccess ? (
      mail.data.content
    ) : (
      <Flex justify="center" style={{ padding: 32 }}>
        <Spin description={t('records.loadingContent')}>
          <div style={{ width: 200, height: 32 }} />
        </Spin>
      </Flex>
    );
  return (
    <Modal open title={mail.data?.subject ?? record.name} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      {typeof body === 'string' ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', marginBottom: 0 }}>
          {body || <Typography.Text type="secondary">{t('records.noContent')}</Typography.Text>}
        </Typography.Paragraph>
      ) : (
        body
      )}
    </Modal>
  );
};

/** One channel's records: filters by state and by a recipient or part of the subject, pages, and the text of each. */
const RecordsTable = ({ channel }: { channel: NoticeChannel }) => {
  const { t } = useTranslation('alarm-notices');
  const errorText = useErrorText();
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<NoticeStatus | undefined>();
  const [paging, setPaging] = useState<Paging>(firstPage());
  const [open, setOpen] = useState<NoticeRecordRow | null>(null);
  const list = useNoticeRecords(channel, {
    status,
    keyword: keyword || undefined,
    pageStart: toPageStart(paging),
    pageLimit: paging.pageSize,
  });
  const firstPageAgain = () => setPaging((p) => ({ ...p, page: 1 }));
  const filtered = !!keyword || !!status;
  const clearFilters = () => {
    setSearch('');
    setKeyword('');
    setStatus(undefined);
    firstPageAgain();
  };
  return (
    <>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t(channel === 'email' ? 'records.searchEmail' : 'records.searchSms')}
          placeholder={t(channel === 'email' ? 'records.searchEmail' : 'records.searchSms')}
          allowClear
          style={{ width: 280 }}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(v) => {
            setKeyword(v.trim());
            firstPageAgain();
          }}
        />
        <Select
          aria-label={t('records.col.status')}
          style={{ width: 160 }}
          allowClear
          placeholder={t('records.allStatuses')}
          value={status}
          onChange={(v: NoticeStatus | undefined) => {
            setStatus(v);
            firstPageAgain();
          }}
          options={NOTICE_STATUSES.map((s) => ({ value: s, label: t(`records.status.${s}`) }))}
        />
      </Flex>
      <Table<NoticeRecordRow>
        rowKey="id"
        size="middle"
        columns={noticeRecordColumns(t, channel, setOpen)}
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: list.isError ? (
            errorText(list.error)
          ) : list.isPending ? (
            ' '
          ) : (
            <FilteredEmpty
              filtered={filtered}
              emptyText={t(channel === 'email' ? 'records.emptyEmail' : 'records.emptySms')}
              onClear={clearFilters}
            />
          ),
        }}
      />
      <Pager paging={paging} total={list.data?.total ?? 0} loading={list.isFetching} onChange={setPaging} />
      {open && <ContentDialog record={open} onClose={() => setOpen(null)} />}
    </>
  );
};

/**
 * Notification records (issue 16, docs/alarms.md "Notifications"): the mails and the text
 * messages the notification rules sent or are sending, newest first, each with its state, tries
 * and last error, for everyone who reads alarms.
 */
const NotificationRecordsPage = () => {
  const { t } = useTranslation('alarm-notices');
  const [tab, setTab] = useState<NoticeChannel>('email');
  return (
    <Card title={t('records.title')}>
      <Typography.Paragraph type="secondary">{t('records.intro')}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k === 'sms' ? 'sms' : 'email')}
        destroyOnHidden
        items={[
          { key: 'email', label: t('records.tabEmail'), children: <RecordsTable channel="email" /> },
          { key: 'sms', label: t('records.tabSms'), children: <RecordsTable channel="sms" /> },
        ]}
      />
    </Card>
  );
};

export default NotificationRecordsPage;
