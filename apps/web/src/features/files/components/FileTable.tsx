import { Alert, Button, Empty, Result, Table, type MenuProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useMemo, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { fileColumns } from './file-columns';
import type { FolderViewState, SortKey } from './use-folder-view';

interface Props {
  fv: FolderViewState;
  height: number;
  selected: string[];
  onSelect: (paths: string[]) => void;
  onOpen: (e: FileEntry) => void;
  rowMenu: (e: FileEntry) => MenuProps['items'];
  onRowMenu: (e: FileEntry, key: string) => void;
}

/** Rows left below the view when the next server page is asked for. */
const PREFETCH_PX = 600;

/**
 * The folder as a virtualised table: only visible rows are in the page, and further server pages
 * load as the user scrolls towards the end, so a folder of 100,000 entries opens at once.
 */
export const FileTable = ({ fv, height, selected, onSelect, onOpen, rowMenu, onRowMenu }: Props) => {
  const { t } = useTranslation('files');
  const errorText = useErrorText();
  const { folder, rows, sorting, setSorting } = fv;
  const columns = useMemo(
    () => fileColumns({ t, sorting, rowMenu, onRowMenu, onOpen }),
    [t, sorting, rowMenu, onRowMenu, onOpen],
  );

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget as HTMLElement | null;
    if (!el || !folder.hasNextPage || folder.isFetchingNextPage) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < PREFETCH_PX) void folder.fetchNextPage();
  };

  if (folder.isError && !folder.data)
    return (
      <Result
        status="error"
        title={t('list.error')}
        subTitle={errorText(folder.error)}
        extra={<Button onClick={() => void folder.refetch()}>{t('list.retry')}</Button>}
      />
    );

  // A refresh or a further page failed: the rows already shown stay, with the reason above them.
  const stale = folder.isError ? (
    <Alert
      type="warning"
      showIcon
      title={errorText(folder.error)}
      action={
        <Button size="small" onClick={() => void folder.refetch()}>
          {t('list.retry')}
        </Button>
      }
    />
  ) : null;

  return (
    <>
      {stale}
      <Table<FileEntry>
        virtual
        size="small"
        rowKey="path"
        aria-label={t('list.label')}
        data-testid="file-table"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 900, y: height }}
        loading={folder.isPending || fv.going || (folder.isFetching && !folder.isFetchingNextPage && folder.isPlaceholderData)}
        onScroll={onScroll}
        locale={{
          emptyText: fv.view.filter ? (
            <Empty description={t('list.noMatch')} data-testid="filtered-empty">
              <Button type="primary" ghost onClick={() => fv.setFilter('')}>
                {t('common:filter.clear')}
              </Button>
            </Empty>
          ) : (
            <Empty description={t('list.empty')} />
          ),
        }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => onSelect(keys.map(String)),
          columnWidth: 40,
        }}
        onRow={(e) => ({
          onDoubleClick: () => onOpen(e),
          'data-testid': `row-${e.name}`,
        })}
        onChange={(_p, _f, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<FileEntry> | undefined;
          const key = s?.columnKey as SortKey | undefined;
          if (!key || !s?.order) setSorting({ sort: 'name', order: 'asc' });
          else setSorting({ sort: key, order: s.order === 'descend' ? 'desc' : 'asc' });
        }}
        footer={() =>
          t('list.count', {
            shown: rows.length,
            total: fv.total,
            selected: selected.length,
          })
        }
      />
    </>
  );
};
