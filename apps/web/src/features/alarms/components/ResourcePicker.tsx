import { Button, Flex, Input, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssetType, TemplateResource } from '@portal/shared';
import { FilteredEmpty } from '../../../components/FilteredEmpty';
import { Pager } from '../../../components/pager/Pager';
import { firstPage, toPageStart, type Paging } from '../../../components/pager/paging';
import { useErrorText } from '../../../lib/errors';
import { useResourceChoices } from '../api/template-resources';

interface Props {
  resourceType: AssetType;
  /** The template being changed (its own resources can be chosen again); null for a new one. */
  templateId: number | null;
  /**
   * Whether the templates holding the assets are shown, and those held by another template cannot
   * be chosen (true, the templates' rule); false where an asset may be chosen by many (aggregate rules).
   */
  showHolders?: boolean;
  /** The chosen asset ids (a form control: Form.Item gives value and onChange). */
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
}

/** The smallest of the spec's page sizes (section 9): the picker sits in a dialog. */
const PAGE_SIZE = 15;

/**
 * Assets of the template's type, each with the template that holds it: one held by another
 * template cannot be chosen (spec section 3: a resource belongs to one template at most). The
 * choice spans pages and searches.
 */
export const ResourcePicker = ({ resourceType, templateId, showHolders = true, value = [], onChange, id }: Props) => {
  const { t } = useTranslation('alarms');
  const errorText = useErrorText();
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState<Paging>(firstPage(PAGE_SIZE));
  const list = useResourceChoices({
    resourceType,
    keyword: keyword || undefined,
    pageStart: toPageStart(paging),
    pageLimit: paging.pageSize,
  });
  const heldElsewhere = (r: TemplateResource) => showHolders && r.templateId !== null && r.templateId !== templateId;
  const holderColumn: TableColumnsType<TemplateResource> = [
    {
      title: t('form.col.template'),
      key: 'template',
      render: (_: unknown, r) =>
        r.templateId === null ? (
          <Typography.Text type="secondary">{t('form.noTemplate')}</Typography.Text>
        ) : r.templateId === templateId ? (
          <Tag color="blue">{t('form.thisTemplate')}</Tag>
        ) : (
          <Tag>{t('form.otherTemplate', { name: r.templateName ?? '' })}</Tag>
        ),
    },
  ];
  const columns: TableColumnsType<TemplateResource> = [
    { title: t('form.col.name'), dataIndex: 'name' },
    { title: t('form.col.cluster'), dataIndex: 'clusterId', render: (v: string) => v || '-' },
    ...(showHolders ? holderColumn : []),
  ];
  return (
    <div id={id}>
      <Flex gap={8} wrap align="center" justify="space-between" style={{ marginBottom: 8 }}>
        <Input.Search
          aria-label={t('form.resourceSearch')}
          placeholder={t('form.resourceSearch')}
          allowClear
          style={{ width: 260 }}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        <Flex gap={8} align="center">
          <Typography.Text aria-live="polite">{t('form.resourcesChosen', { count: value.length })}</Typography.Text>
          <Button size="small" disabled={value.length === 0} onClick={() => onChange?.([])}>
            {t('form.clearResources')}
          </Button>
        </Flex>
      </Flex>
      <Table<TemplateResource>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          // The choice spans pages and searches: keys of rows not shown are kept.
          preserveSelectedRowKeys: true,
          selectedRowKeys: value,
          getTitleCheckboxProps: () => ({ 'aria-label': t('form.selectPage') }),
          getCheckboxProps: (r) => ({ disabled: heldElsewhere(r), 'aria-label': t('form.selectResource', { name: r.name }) }),
          onChange: (keys) => onChange?.(keys.map(Number)),
        }}
        locale={{
          emptyText: list.isError ? (
            errorText(list.error)
          ) : (
            <FilteredEmpty
              filtered={keyword !== ''}
              emptyText={t('form.noResources')}
              onClear={() => {
                setSearch('');
                setKeyword('');
                setPaging((p) => ({ ...p, page: 1 }));
              }}
            />
          ),
        }}
      />
      <Pager paging={paging} total={list.data?.total ?? 0} loading={list.isFetching} onChange={setPaging} />
    </div>
  );
};
