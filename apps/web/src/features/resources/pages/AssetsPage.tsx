import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Input, Select, Space, Statistic, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ASSET_TYPES, STATISTIC_TYPES, type Asset, type AssetType } from '@portal/shared';
import { FilteredEmpty } from '../../../components/FilteredEmpty';
import { Pager } from '../../../components/pager/Pager';
import { firstPage, toPageStart, type Paging } from '../../../components/pager/paging';
import { useErrorText } from '../../../lib/errors';
import { useCan } from '../../../lib/session';
import { useAssetStatistic } from '../api/asset-statistic';
import { useDeleteAsset } from '../api/delete-asset';
import { useAssetList } from '../api/list-assets';
import { assetColumns } from '../components/asset-columns';
import { AssetDetailDrawer } from '../components/AssetDetailDrawer';
import { AssetFormDialog } from '../components/AssetFormDialog';
import { AssetImportDialog } from '../components/AssetImportDialog';
import { presetTypeOf } from '../components/asset-paths';

/** The asset inventory (all assets, or one type on the server, switch and chassis pages), with the counts by type. */
const AssetsPage = () => {
  const { t } = useTranslation('resources');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const manage = useCan()('resources:manage');
  const preset = presetTypeOf(useLocation().pathname);
  const [type, setType] = useState<AssetType | undefined>(preset);
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState<Paging>(firstPage());
  const [editing, setEditing] = useState<Asset | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [detail, setDetail] = useState<Asset | null>(null);
  const list = useAssetList({ type, keyword: keyword || undefined, pageStart: toPageStart(paging), pageLimit: paging.pageSize });
  const stats = useAssetStatistic();
  const remove = useDeleteAsset();
  const columns = assetColumns(
    t,
    setDetail,
    manage
      ? {
          onEdit: (a) => setEditing(a),
          onDelete: (a) =>
            remove.mutate(a.id, {
              onSuccess: () => void message.success(t('assets.deleted', { name: a.name })),
              onError: (e) => void message.error(errorText(e)),
            }),
        }
      : null,
  );
  const refilter = () => setPaging((p) => ({ ...p, page: 1 }));
  const filtered = (!preset && !!type) || !!keyword;
  const clearFilters = () => {
    setType(preset);
    setSearch('');
    setKeyword('');
    refilter();
  };
  return (
    <Flex vertical gap={16}>
      {!preset && (
        <Card size="small">
          <Flex gap={24} wrap>
            {STATISTIC_TYPES.map((s) => (
              <Statistic key={s} title={t(`type.${s}`)} value={stats.data?.[s] ?? 0} loading={stats.isPending} />
            ))}
            <Statistic title={t('assets.total')} value={stats.data?.totalNum ?? 0} loading={stats.isPending} />
          </Flex>
        </Card>
      )}
      <Card
        title={preset ? t('assets.titleOf', { type: t(`type.${preset}`) }) : t('assets.title')}
        extra={
          manage && (
            <Space>
              <Button icon={<UploadOutlined aria-hidden />} onClick={() => setImporting(true)}>
                {t('assets.import')}
              </Button>
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
                {t('assets.add')}
              </Button>
            </Space>
          )
        }
      >
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          {!preset && (
            <Select
              aria-label={t('assets.col.type')}
              style={{ width: 200 }}
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('assets.allTypes')}
              value={type}
              onChange={(v: AssetType | undefined) => {
                setType(v);
                refilter();
              }}
              options={ASSET_TYPES.map((x) => ({ value: x, label: t(`type.${x}`) }))}
            />
          )}
          <Input.Search
            aria-label={t('assets.search')}
            placeholder={t('assets.search')}
            allowClear
            style={{ width: 280 }}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onSearch={(v) => {
              setKeyword(v.trim());
              refilter();
            }}
          />
        </Flex>
        <Table<Asset>
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
              <FilteredEmpty filtered={filtered} emptyText={t('assets.empty')} onClear={clearFilters} />
            ),
          }}
        />
        <Pager paging={paging} total={list.data?.total ?? 0} loading={list.isFetching} onChange={setPaging} />
      </Card>
      {importing && <AssetImportDialog onClose={() => setImporting(false)} />}
      <AssetDetailDrawer asset={detail} onClose={() => setDetail(null)} />
      {editing && (
        <AssetFormDialog asset={editing === 'new' ? null : editing} presetType={preset} onClose={() => setEditing(null)} />
      )}
    </Flex>
  );
};

export default AssetsPage;
