import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSET_TYPES, TEMPLATE_KINDS, type AssetType, type Template, type TemplateKind } from '@portal/shared';
import { FilteredEmpty } from '../../../components/FilteredEmpty';
import { Pager } from '../../../components/pager/Pager';
import { firstPage, toPageStart, type Paging } from '../../../components/pager/paging';
import { useErrorText } from '../../../lib/errors';
import { useCan } from '../../../lib/session';
import { useDeleteTemplates } from '../api/delete-templates';
import { useTemplateList } from '../api/list-templates';
import { useSaveTemplate } from '../api/save-template';
import { templateResourcesQuery } from '../api/template-resources';
import { templateColumns } from '../components/template-columns';
import { TemplateFormDialog } from '../components/TemplateFormDialog';
import { templateInputOf } from '../components/template-form-model';

/**
 * Alarm threshold templates (issue 16, docs/alarms.md): the list with its filters for everyone who
 * reads alarms; adding, changing, enabling, disabling and deleting for those who manage them.
 */
const ThresholdTemplatesPage = () => {
  const { t } = useTranslation('alarms');
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const manage = useCan()('alarms:manage');
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const [kind, setKind] = useState<TemplateKind | undefined>();
  const [resourceType, setResourceType] = useState<AssetType | undefined>();
  const [paging, setPaging] = useState<Paging>(firstPage());
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Template | 'new' | null>(null);
  const [toggling, setToggling] = useState<number | null>(null);
  const list = useTemplateList({
    name: name || undefined,
    kind,
    resourceType,
    pageStart: toPageStart(paging),
    pageLimit: paging.pageSize,
  });
  const remove = useDeleteTemplates();
  const save = useSaveTemplate();

  const deleteTemplates = (templates: readonly Template[]) =>
    remove.mutateAsync(
      templates.map((x) => x.id),
      {
        onSuccess: () => {
          void message.success(t('templates.deleted', { count: templates.length }));
          setSelected((s) => s.filter((id) => !templates.some((x) => x.id === id)));
        },
        onError: (e) => void message.error(errorText(e)),
      },
    );

  /** The whole template goes back with its state changed: its resources are read first. */
  const setEnabled = async (x: Template, enabled: boolean) => {
    setToggling(x.id);
    try {
      const resources = await qc.fetchQuery(templateResourcesQuery(x.id));
      await save.mutateAsync({
        id: x.id,
        body: templateInputOf(
          x,
          resources.map((r) => r.id),
          { enabled },
        ),
      });
      void message.success(t(enabled ? 'templates.enabledDone' : 'templates.disabledDone', { name: x.name }));
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setToggling(null);
    }
  };

  // Spec section 4: enabling asks confirmation; disabling too, as it ends the template's open alarms.
  const confirmToggle = (x: Template, enabled: boolean) =>
    void modal.confirm({
      title: t(enabled ? 'templates.enableConfirm' : 'templates.disableConfirm', { name: x.name }),
      content: t(enabled ? 'templates.enableHint' : 'templates.disableHint'),
      okText: t(enabled ? 'templates.enable' : 'templates.disable'),
      okButtonProps: enabled ? {} : { danger: true },
      onOk: () => setEnabled(x, enabled),
    });

  const selectedTemplates = (list.data?.list ?? []).filter((x) => selected.includes(x.id));
  const confirmDeleteSelected = () =>
    void modal.confirm({
      title: t('templates.deleteManyConfirm', { count: selectedTemplates.length }),
      content: t('templates.deleteManyHint', { names: selectedTemplates.map((x) => x.name).join(', ') }),
      okText: t('templates.delete'),
      okButtonProps: { danger: true },
      onOk: () => deleteTemplates(selectedTemplates).catch(() => {}),
    });

  const columns = templateColumns(
    t,
    manage
      ? {
          onEdit: (x) => setEditing(x),
          onDelete: (x) => void deleteTemplates([x]).catch(() => {}),
          onToggle: confirmToggle,
          toggling,
        }
      : null,
  );
  const refilter = () => {
    setPaging((p) => ({ ...p, page: 1 }));
    setSelected([]);
  };
  const filtered = !!name || !!kind || !!resourceType;
  const clearFilters = () => {
    setSearch('');
    setName('');
    setKind(undefined);
    setResourceType(undefined);
    refilter();
  };

  return (
    <Card
      title={t('templates.title')}
      extra={
        manage && (
          <Space wrap>
            <Button
              danger
              icon={<DeleteOutlined aria-hidden />}
              disabled={selectedTemplates.length === 0}
              onClick={confirmDeleteSelected}
            >
              {t('templates.deleteSelected', { count: selectedTemplates.length })}
            </Button>
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
              {t('templates.add')}
            </Button>
          </Space>
        )
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t('templates.search')}
          placeholder={t('templates.search')}
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
          aria-label={t('templates.col.kind')}
          style={{ width: 160 }}
          allowClear
          placeholder={t('templates.allKinds')}
          value={kind}
          onChange={(v: TemplateKind | undefined) => {
            setKind(v);
            refilter();
          }}
          options={TEMPLATE_KINDS.map((k) => ({ value: k, label: t(`templates.kind.${k}`) }))}
        />
        <Select
          aria-label={t('templates.col.resourceType')}
          style={{ width: 200 }}
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('templates.allTypes')}
          value={resourceType}
          onChange={(v: AssetType | undefined) => {
            setResourceType(v);
            refilter();
          }}
          options={ASSET_TYPES.map((x) => ({ value: x, label: t(`resources:type.${x}`) }))}
        />
      </Flex>
      <Table<Template>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowSelection={
          manage
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getTitleCheckboxProps: () => ({ 'aria-label': t('templates.selectAll') }),
                getCheckboxProps: (x) => ({ 'aria-label': t('templates.selectTemplate', { name: x.name }) }),
              }
            : undefined
        }
        locale={{
          emptyText: list.isError ? (
            errorText(list.error)
          ) : (
            <FilteredEmpty filtered={filtered} emptyText={t('templates.empty')} onClear={clearFilters} />
          ),
        }}
      />
      <Pager paging={paging} total={list.data?.total ?? 0} loading={list.isFetching} onChange={setPaging} />
      {editing && <TemplateFormDialog template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
};

export default ThresholdTemplatesPage;
