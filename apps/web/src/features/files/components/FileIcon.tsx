import {
  FileImageOutlined,
  FileOutlined,
  FileTextOutlined,
  FileZipOutlined,
  FolderFilled,
  LinkOutlined,
} from '@ant-design/icons';
import type { FileEntry } from '@portal/shared';
import { extensionOf, isImageName } from '../lib/paths';

const ARCHIVES = ['zip', 'gz', 'tgz', 'tar', 'bz2', 'xz', 'zst', '7z', 'rar'];
const TEXTS = ['txt', 'md', 'log', 'sh', 'py', 'c', 'h', 'cpp', 'f90', 'json', 'yaml', 'yml', 'csv', 'out', 'err', 'slurm'];

/** Decorative: the name next to it says what the entry is. */
export const FileIcon = ({ entry }: { entry: Pick<FileEntry, 'name' | 'kind' | 'targetKind'> }) => {
  const dir = entry.kind === 'dir' || (entry.kind === 'link' && entry.targetKind === 'dir');
  if (dir) return <FolderFilled aria-hidden style={{ color: '#f0b429' }} />;
  if (entry.kind === 'link' && !entry.targetKind) return <LinkOutlined aria-hidden />;
  const ext = extensionOf(entry.name);
  if (isImageName(entry.name)) return <FileImageOutlined aria-hidden style={{ color: '#13a8a8' }} />;
  if (ARCHIVES.includes(ext)) return <FileZipOutlined aria-hidden style={{ color: '#9254de' }} />;
  if (TEXTS.includes(ext)) return <FileTextOutlined aria-hidden style={{ color: '#1677ff' }} />;
  return <FileOutlined aria-hidden />;
};

/** Folders and links to folders open like folders. */
export const isFolder = (e: Pick<FileEntry, 'kind' | 'targetKind'>) =>
  e.kind === 'dir' || (e.kind === 'link' && e.targetKind === 'dir');
