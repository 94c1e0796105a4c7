import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { formatBytes, type FileEntry } from '@portal/shared';
import { formatDateTime } from '../../../lib/format';
import { FileIcon, isFolder } from './FileIcon';
import type { Sorting } from './use-folder-view';

export interface ColumnDeps {
  t: TFunction<'files'>;
  sorting: Sorting;
  rowMenu: (e: FileEntry) => MenuProps['items'];
  onRowMenu: (e: FileEntry, key: string) => void;
  onOpen: (e: FileEntry) => void;
}

const order = (s: Sorting, key: Sorting['sort']) => (s.sort === key ? (s.order === 'asc' ? 'ascend' : 'descend') : null);

/** The table's columns; sorting is done by the server, so the columns only say what is sorted. */
export const fileColumns = ({ t, sorting, rowMenu, onRowMenu, onOpen }: ColumnDeps): TableColumnsType<FileEntry> => [
  {
    key: 'name',
    title: t('col.name'),
    sorter: true,
    sortOrder: order(sorting, 'name'),
    ellipsis: true,
    render: (_, e) => (
      <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', maxWidth: '100%' }}>
        <FileIcon entry={e} />
        <a
          href={`#${e.path}`}
          data-testid="file-name"
          onClick={(ev) => {
            ev.preventDefault();
            onOpen(e);
          }}
          style={{ overflow: 'hidden', textOverflow: 'ellipsis', color: 'inherit' }}
          title={e.name}
        >
          {e.name}
          {e.kind === 'link' ? ' →' : ''}
        </a>
      </span>
    ),
  },
  {
    key: 'size',
    title: t('col.size'),
    width: 120,
    align: 'right',
    sorter: true,
    sortOrder: order(sorting, 'size'),
    render: (_, e) => (isFolder(e) ? '-' : formatBytes(e.size)),
  },
  {
    key: 'mtime',
    title: t('col.mtime'),
    width: 180,
    sorter: true,
    sortOrder: order(sorting, 'mtime'),
    render: (_, e) => formatDateTime(e.mtime),
  },
  {
    key: 'permissions',
    title: t('col.permissions'),
    width: 130,
    render: (_, e) => <code title={e.mode}>{e.permissions}</code>,
  },
  { key: 'owner', title: t('col.owner'), width: 140, ellipsis: true, render: (_, e) => `${e.owner}:${e.group}` },
  {
    key: 'actions',
    title: t('col.actions'),
    width: 90,
    fixed: 'right',
    render: (_, e) => (
      <Dropdown menu={{ items: rowMenu(e), onClick: ({ key }) => onRowMenu(e, key) }} trigger={['click']}>
        <Button type="text" size="small" icon={<MoreOutlined aria-hidden />} aria-label={t('row.actions', { name: e.name })} />
      </Dropdown>
    ),
  },
];
