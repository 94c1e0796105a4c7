import { CheckOutlined, DownloadOutlined, ReloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Space, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AlarmItem } from '@portal/shared';
import { FilteredEmpty } from '../../../components/FilteredEmpty';
import { fileLang } from '../../../components/file-tasks/file-task-state';
import { Pager } from '../../../components/pager/Pager';
import { firstPage, toPageStart, type Paging } from '../../../components/pager/paging';
import { useErrorText } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useCan, useSession } from '../../../lib/session';
import { useAddAlarmExport } from '../api/alarm-exports';
import { useConfirmAlarms, type ConfirmAction } from '../api/alarm-list-confirm';
import { useAlarmList, useSeverityCount } from '../api/alarm-list-queries';
import { alarmExportBody } from '../components/alarm-export-model';
import { alarmColumns } from '../components/alarm-list-columns';
import { alarmQueryOf, confirmable, isFiltered, type AlarmCriteria, type AlarmTab } from '../components/alarm-list-model';
import type { AlarmTexts } from '../components/alarm-list-text';
import { AlarmConfirmDialog, type ConfirmTarget } from '../components/AlarmConfirmDialog';
import { AlarmDetailDrawer } from '../components/AlarmDetailDrawer';
import { AlarmExportsDrawer } from '../components/AlarmExportsDrawer';
import { AlarmFilters } from '../components/AlarmFilters';
import { AlarmSeverityCounts } from '../components/AlarmSeverityCounts';

/** Clicks on these parts of a row act on their own; anywhere else the row opens the details. */
const OWN_CLICKS = 'button, a, input, label, textarea, [role="button"], .ant-table-selection-column';

/**
 * The alarm list (issue 16, spec sections 2 to 5): the open alarms by level; real-time alarms (open,
 * read again at the session's refresh interval) and historical ones (recovered) with the spec's
 * filters; confirming and cancelling confirmations with a remark for those who manage alarms; an
 * alarm's details with its metric an hour either side of the raise.
 */
const AlarmListPage = () => {
  const { t, i18n } = useTranslation('alarm-list');
  const { t: metrics } = useTranslation('resources');
  const texts: AlarmTexts = { t, metrics };
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const { refreshMs } = useSession();
  const manage = useCan()('alarms:manage');
  const [params, setParams] = useSearchParams();
  const tab: AlarmTab = params.get('tab') === 'history' ? 'history' : 'active';
  // ?keyword= opens the list on one resource (the overview's top resources link here so).
  const [initialKeyword] = useState(() => params.get('keyword')?.trim().slice(0, 64) || undefined);
  const [criteria, setCriteria] = useState<AlarmCriteria>(initialKeyword ? { keyword: initialKeyword } : {});
  const [filtersKey, setFiltersKey] = useState(0);
  const [paging, setPaging] = useState<Paging>(firstPage());
  const [selected, setSelected] = useState<number[]>([]);
  const [detail, setDetail] = useState<AlarmItem | null>(null);
  const [confirming, setConfirming] = useState<ConfirmTarget | null>(null);
  const query = alarmQueryOf(tab, criteria, { pageStart: toPageStart(paging), pageLimit: paging.pageSize });
  const list = useAlarmList(tab, query, refreshMs);
  const counts = useSeverityCount(refreshMs);
  const confirm = useConfirmAlarms();
  const addExport = useAddAlarmExport();
  const [exportsOpen, setExportsOpen] = useState(false);

  const alarms = list.data?.list ?? [];
  const batch = confirmable(alarms, selected);
  const filtered = isFiltered(criteria, tab);

  const search = (c: AlarmCriteria) => {
    setCriteria(c);
    setPaging((p) => ({ ...p, page: 1 }));
    setSelected([]);
  };
  const clearFilters = () => {
    search({});
    setFiltersKey((k) => k + 1);
  };
  const switchTab = (next: AlarmTab) => {
    setParams(next === 'history' ? { tab: next } : {}, { replace: true });
    setPaging((p) => ({ ...p, page: 1 }));
    setSelected([]);
  };

  // The list on screen, with its filters, as an xlsx file made in the background.
  const exportList = () =>
    addExport.mutate(alarmExportBody(tab, criteria, fileLang(i18n.language)), {
      onSuccess: () => {
        void message.success(t('exports.queued'));
        setExportsOpen(true);
      },
      onError: (e) => void message.error(errorText(e)),
    });

  const ask = (action: ConfirmAction, targets: readonly AlarmItem[]) => {
    if (action === 'confirm') {
      setConfirming({ action, alarms: targets });
      return;
    }
    // Spec section 4: cancelling a confirmation asks first; the remark follows.
    void modal.confirm({
      title: t('unconfirmAsk.title', { count: targets.length }),
      content: t('unconfirmAsk.text'),
      okText: t('unconfirmAsk.ok'),
      cancelText: t('unconfirmAsk.cancel'),
      onOk: () => setConfirming({ action, alarms: targets }),
    });
  };

  const send = (remark: string) => {
    if (!confirming) return;
    const { action, alarms: targets } = confirming;
    const ids = targets.map((a) => a.id);
    confirm.mutate(
      { action, ids, remark },
      {
        onSuccess: (r) => {
          void message.success(
            r.changed === 0
              ? t('done.unchanged')
              : t(action === 'confirm' ? 'done.confirmed' : 'done.unconfirmed', { count: r.changed }),
          );
          setConfirming(null);
          setSelected((s) => s.filter((id) => !ids.includes(id)));
        },
        onError: (e) => void message.error(errorText(e)),
      },
    );
  };

  const columns = alarmColumns(
    texts,
    tab,
    setDetail,
    manage
      ? {
          onConfirm: (a) => ask('confirm', [a]),
          onUnconfirm: (a) => ask('unconfirm', [a]),
          busy: confirm.isPending && confirming ? confirming.alarms.map((a) => a.id) : [],
        }
      : null,
  );

  return (
    <Flex vertical gap={16}>
      <AlarmSeverityCounts counts={counts.data} />
      <Card
        title={t('title')}
        extra={
          <Space wrap>
            {tab === 'active' && (
              <Typography.Text type="secondary">{t('autoRefresh', { seconds: Math.round(refreshMs / 1000) })}</Typography.Text>
            )}
            <Button
              icon={<ReloadOutlined aria-hidden />}
              loading={list.isFetching && !list.isPending}
              onClick={() => {
                void list.refetch();
                void counts.refetch();
              }}
            >
              {t('refresh')}
            </Button>
            <Button icon={<DownloadOutlined aria-hidden />} loading={addExport.isPending} onClick={exportList}>
              {t('exports.button')}
            </Button>
            <Button icon={<UnorderedListOutlined aria-hidden />} onClick={() => setExportsOpen(true)}>
              {t('exports.tasks')}
            </Button>
            {manage && (
              <Button
                type="primary"
                icon={<CheckOutlined aria-hidden />}
                disabled={batch.length === 0}
                onClick={() => ask('confirm', batch)}
              >
                {t('confirmSelected', { count: batch.length })}
              </Button>
            )}
          </Space>
        }
      >
        <Tabs
          activeKey={tab}
          onChange={(k) => switchTab(k === 'history' ? 'history' : 'active')}
          items={[
            { key: 'active', label: t('tabs.active') },
            { key: 'history', label: t('tabs.history') },
          ]}
        />
        <AlarmFilters
          key={filtersKey}
          tab={tab}
          onSearch={search}
          initialKeyword={filtersKey === 0 ? initialKeyword : undefined}
        />
        {list.isError && list.data && (
          <Typography.Paragraph type="danger">{t('refreshFailed', { error: errorText(list.error) })}</Typography.Paragraph>
        )}
        <Table<AlarmItem>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={alarms}
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          pagination={false}
          scroll={{ x: 'max-content' }}
          onRow={(a) => ({
            onClick: (e) => {
              if (e.target instanceof Element && e.target.closest(OWN_CLICKS)) return;
              setDetail(a);
            },
            style: { cursor: 'pointer' },
          })}
          rowSelection={
            manage
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(Number)),
                  getTitleCheckboxProps: () => ({ 'aria-label': t('selectAll') }),
                  getCheckboxProps: (a) => ({
                    'aria-label': t('selectAlarm', { resource: a.resName, time: formatDateTime(a.alarmTime) }),
                  }),
                }
              : undefined
          }
          locale={{
            emptyText:
              list.isError && !list.data ? (
                errorText(list.error)
              ) : (
                <FilteredEmpty filtered={filtered} emptyText={t(`empty.${tab}`)} onClear={clearFilters} />
              ),
          }}
        />
        <Pager
          paging={paging}
          total={list.data?.total ?? 0}
          loading={list.isFetching && list.isPlaceholderData}
          onChange={setPaging}
        />
      </Card>
      <AlarmDetailDrawer
        alarm={detail}
        onClose={() => setDetail(null)}
        onConfirm={manage ? (a) => ask('confirm', [a]) : undefined}
        onUnconfirm={manage ? (a) => ask('unconfirm', [a]) : undefined}
      />
      <AlarmExportsDrawer open={exportsOpen} onClose={() => setExportsOpen(false)} />
      <AlarmConfirmDialog target={confirming} loading={confirm.isPending} onCancel={() => setConfirming(null)} onOk={send} />
    </Flex>
  );
};

export default AlarmListPage;
