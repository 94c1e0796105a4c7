import { ArrowUpOutlined, HomeOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Input, Modal, Space, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileEntry } from '@portal/shared';
import { useErrorText } from '../../../../lib/errors';
import { usePickerFolder } from '../../api/list-folder';
import { EntryList } from './EntryList';
import { isFolderEntry, parentOf } from './picker-paths';

interface Props {
  open: boolean;
  /** folder: the working directory; file: an input file. */
  mode: 'folder' | 'file';
  clusterId?: string | undefined;
  /** The folder to start in (absolute); undefined: the home. */
  start: string | undefined;
  onChoose: (path: string) => void;
  onClose: () => void;
}

const FILTER_DELAY_MS = 250;

/** Browses the user's folders on the cluster (the file manager's listing and roots) to pick a folder or a file. */
export const PathPickerDialog = (props: Props) => {
  const { t } = useTranslation('job-submit');
  return (
    <Modal
      open={props.open}
      title={t(props.mode === 'folder' ? 'picker.folderTitle' : 'picker.fileTitle')}
      onCancel={props.onClose}
      width={640}
      footer={null}
      // Each opening starts afresh where the field points.
      destroyOnHidden
    >
      {props.open && <PickerBody {...props} />}
    </Modal>
  );
};

const PickerBody = ({ mode, clusterId, start, onChoose, onClose }: Props) => {
  const { t } = useTranslation('job-submit');
  const errorText = useErrorText();
  const [path, setPath] = useState(start);
  // What the user types in the path box; null: the folder shown.
  const [typed, setTyped] = useState<string | null>(null);
  const [filterText, setFilterText] = useState('');
  const [filter, setFilter] = useState('');
  const [activeAt, setActiveAt] = useState({ where: '', i: 0 });
  const [file, setFile] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setFilter(filterText.trim()), FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filterText]);

  const folder = usePickerFolder(clusterId, path, filter, { enabled: true, fallBack: path !== undefined && path === start });
  const first = folder.data?.pages[0];
  const current = first?.path ?? path ?? '';
  const where = `${current}\n${filter}`;
  const entries = useMemo(() => {
    const all = folder.data?.pages.flatMap((p) => p.list) ?? [];
    return mode === 'folder' ? all.filter(isFolderEntry) : all;
  }, [folder.data, mode]);
  const active = activeAt.where === where ? Math.min(activeAt.i, Math.max(entries.length - 1, 0)) : 0;
  const atRoot = !first || first.roots.includes(current) || current === '/';

  const go = (to: string | undefined) => {
    setFilterText('');
    setFilter('');
    setFile(null);
    setTyped(null);
    setActiveAt({ where: '', i: 0 });
    setPath(to);
  };
  const goTyped = () => {
    if (typed?.startsWith('/')) go(typed);
  };
  const up = () => {
    if (!atRoot) go(parentOf(current));
  };
  const openEntry = (e: FileEntry) => {
    if (isFolderEntry(e)) go(e.path);
    else if (mode === 'file') onChoose(e.path);
  };
  const pick = (e: FileEntry) => {
    if (isFolderEntry(e)) go(e.path);
    else setFile(e.path);
  };
  const choose = () => {
    if (mode === 'folder' && first) onChoose(first.path);
    else if (file) onChoose(file);
  };

  return (
    <Flex vertical gap={8}>
      {first?.startError && <Alert type="warning" showIcon title={errorText(first.startError)} />}
      <Flex gap={8} wrap>
        <Button icon={<HomeOutlined aria-hidden />} onClick={() => go(undefined)}>
          {t('picker.home')}
        </Button>
        <Button icon={<ArrowUpOutlined aria-hidden />} onClick={up} disabled={atRoot}>
          {t('picker.up')}
        </Button>
        <Space.Compact style={{ flex: 1, minWidth: 200 }}>
          <Input
            aria-label={t('picker.path')}
            value={typed ?? current}
            spellCheck={false}
            onChange={(e) => setTyped(e.target.value)}
            onPressEnter={goTyped}
          />
          <Button onClick={goTyped}>{t('picker.go')}</Button>
        </Space.Compact>
      </Flex>
      <Input.Search
        aria-label={t('picker.filter')}
        placeholder={t('picker.filter')}
        allowClear
        value={filterText}
        onChange={(e) => setFilterText(e.target.value)}
      />
      {folder.isError ? (
        <Alert type="error" showIcon title={errorText(folder.error)} />
      ) : !folder.data ? (
        <Flex justify="center" align="center" style={{ height: 300 }}>
          <Spin />
        </Flex>
      ) : entries.length === 0 ? (
        <Empty style={{ height: 300 }} description={t(filter ? 'picker.noMatch' : 'picker.empty')} />
      ) : (
        <EntryList
          label={t('picker.entries', { path: current })}
          entries={entries}
          active={active}
          onActive={(i) => setActiveAt({ where, i })}
          onOpen={openEntry}
          onPick={pick}
          selected={file}
          onUp={up}
        />
      )}
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('picker.keys')}
        </Typography.Text>
        {folder.hasNextPage && (
          <Button size="small" loading={folder.isFetchingNextPage} onClick={() => void folder.fetchNextPage()}>
            {t('picker.more', { shown: entries.length, total: first?.total ?? 0 })}
          </Button>
        )}
      </Flex>
      <Typography.Text role="status" ellipsis>
        {mode === 'folder' ? t('picker.selected', { path: current }) : file ? t('picker.selected', { path: file }) : ''}
      </Typography.Text>
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('picker.cancel')}</Button>
        <Button type="primary" onClick={choose} disabled={mode === 'folder' ? !first || folder.isError : !file}>
          {t(mode === 'folder' ? 'picker.chooseFolder' : 'picker.chooseFile')}
        </Button>
      </Flex>
    </Flex>
  );
};
