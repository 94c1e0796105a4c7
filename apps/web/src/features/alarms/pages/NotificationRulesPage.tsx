import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Input, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTICE_RULE_TYPES, type NoticeRule, type NoticeRuleType } from '@portal/shared';
import { FilteredEmpty } from '../../../components/FilteredEmpty';
import { Pager } from '../../../components/pager/Pager';
import { firstPage, toPageStart, type Paging } from '../../../components/pager/paging';
import { useErrorText } from '../../../lib/errors';
import { useCan } from '../../../lib/session';
import { useDeleteNoticeRules, useNoticeRules, useSaveNoticeRule } from '../api/notices';
import { noticeRuleColumns } from '../components/notice-rule-columns';
import { noticeInputOf } from '../components/notice-rule-model';
import { NoticeRuleFormDialog } from '../components/NoticeRuleFormDialog';

const CHANGING = 'notice-rule-change';

type ActiveFilter = 'true' | 'false';

/**
 * Notification rules (issue 16, docs/alarms.md "Notifications"): the rules with their filters for
 * everyone who reads alarms; adding, changing (contacts included), enabling, disabling and
 * deleting for those who manage them. Spec section 4, "only one unsaved notification rule may be
 * open at a time": the page has a single dialog, so a second rule cannot be opened beside one
 * being written.
 */
const NotificationRulesPage = () => {
  const { t } = useTranslation('alarm-notices');
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const manage = useCan()('alarms:manage');
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const [type, setType] = useState<NoticeRuleType | undefined>();
  const [active, setActive] = useState<ActiveFilter | undefined>();
  const [paging, setPaging] = useState<Paging>(firstPage());
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<NoticeRule | 'new' | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const list = useNoticeRules({
    name: name || undefined,
    type,
    active,
    pageStart: toPageStart(paging),
    pageLimit: paging.pageSize,
  });
  const save = useSaveNoticeRule();
  const remove = useDeleteNoticeRules();
  const rules = list.data?.list ?? [];

  const setActiveOf = async (x: NoticeRule, on: boolean) => {
    setBusy(x.id);
    void message.open({ key: CHANGING, type: 'loading', content: t('saving'), duration: 0 });
    try {
      await save.mutateAsync({ id: x.id, body: noticeInputOf(x, { active: on }) });
      void message.open({ key: CHANGING, type: 'success', content: t(on ? 'enabledDone' : 'disabledDone', { name: x.name }) });
    } catch (e) {
      void message.open({ key: CHANGING, type: 'error', content: errorText(e) });
    } finally {
      setBusy(null);
    }
  };

  // Spec section 4: enabling asks confirmation first; disabling is done at once.
  const confirmToggle = (x: NoticeRule, on: boolean) => {
    if (!on) return void setActiveOf(x, false);
    void modal.confirm({
      title: t('enableConfirm', { name: x.name }),
      content: t('enableHint'),
      okText: t('enable'),
      onOk: () => setActiveOf(x, true),
    });
  };

  const deleteRules = async (targets: readonly NoticeRule[]) => {
    if (targets.length === 1) setBusy(targets[0]?.id ?? null);
    void message.open({ key: CHANGING, type: 'loading', content: t('deleting'), duration: 0 });
    try {
      await remove.mutateAsync(targets.map((x) => x.id));
      void message.open({ key: CHANGING, type: 'success', content: t('deleted', { count: targets.length }) });
      setSelected((s) => s.filter((id) => !targets.some((x) => x.id === id)));
    } catch (e) {
      void message.open({ key: CHANGING, type: 'error', content: errorText(e) });
    } finally {
      setBusy(null);
    }
  };

  // Spec sections 4 and 8: deleting asks first, saying the records of what was sent stay.
  const confirmDelete = (targets: readonly NoticeRule[]) =>
    void modal.confirm({
      title:
        targets.length === 1
          ? t('deleteConfirm', { name: targets[0]?.name ?? '' })
          : t('deleteManyConfirm', { count: targets.length }),
      content: (
        <Flex vertical gap={4}>
          {targets.length > 1 && <span>{targets.map((x) => x.name).join(', ')}</span>}
          <span>{t('deleteHint')}</span>
        </Flex>
      ),
      okText: t('delete'),
      okButtonProps: { danger: true },
      onOk: () => deleteRules(targets),
    });

  const columns = noticeRuleColumns(
    t,
    manage
      ? {
          onEdit: (x) => setEditing(x),
          onDelete: (x) => confirmDelete([x]),
          onToggle: confirmToggle,
          busy,
        }
      : null,
  );

  const refilter = () => {
    setPaging((p) => ({ ...p, page: 1 }));
    setSelected([]);
  };
  const filtered = !!name || !!type || !!active;
  const clearFilters = () => {
    setSearch('');
    setName('');
    setType(undefined);
    setActive(undefined);
    refilter();
  };
  const selectedRules = rules.filter((x) => selected.includes(x.id));

  const addButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
      {t('add')}
    </Button>
  );

  return (
    <Card
      title={t('title')}
      extra={
        manage && (
          <Space wrap>
            <Button
              danger
              icon={<DeleteOutlined aria-hidden />}
              disabled={selectedRules.length === 0}
              onClick={() => confirmDelete(selectedRules)}
            >
              {t('deleteSelected', { count: selectedRules.length })}
            </Button>
            {addButton}
          </Space>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t('search')}
          placeholder={t('search')}
          allowClear
          style={{ width: 260 }}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(v) => {
            setName(v.trim());
            refilter();
          }}
        />
        <Select
          aria-label={t('col.type')}
          style={{ width: 220 }}
          allowClear
          placeholder={t('allTypes')}
          value={type}
          onChange={(v: NoticeRuleType | undefined) => {
            setType(v);
            refilter();
          }}
          options={NOTICE_RULE_TYPES.map((x) => ({ value: x, label: t(`type.${x}`) }))}
        />
        <Select
          aria-label={t('col.active')}
          style={{ width: 160 }}
          allowClear
          placeholder={t('allStates')}
          value={active}
          onChange={(v: ActiveFilter | undefined) => {
            setActive(v);
            refilter();
          }}
          options={[
            { value: 'true', label: t('status.active') },
            { value: 'false', label: t('status.inactive') },
          ]}
        />
      </Flex>
      <Table<NoticeRule>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rules}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowSelection={
          manage
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getTitleCheckboxProps: () => ({ 'aria-label': t('selectAll') }),
                getCheckboxProps: (x) => ({ 'aria-label': t('selectRule', { name: x.name }) }),
              }
            : undefined
        }
        locale={{
          emptyText: list.isError ? (
            errorText(list.error)
          ) : list.isPending ? (
            ' '
          ) : (
            <FilteredEmpty
              filtered={filtered}
              emptyText={t('empty')}
              onClear={clearFilters}
              action={manage ? addButton : undefined}
            />
          ),
        }}
      />
      <Pager paging={paging} total={list.data?.total ?? 0} loading={list.isFetching} onChange={setPaging} />
      {editing && <NoticeRuleFormDialog rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
};

export default NotificationRulesPage;
