import { FileOutlined, FolderFilled } from '@ant-design/icons';
import { useEffect, useId, type KeyboardEvent, type MouseEvent } from 'react';
import type { FileEntry } from '@portal/shared';
import { isFolderEntry } from './picker-paths';

interface Props {
  label: string;
  entries: FileEntry[];
  /** The row the keyboard is on. */
  active: number;
  onActive: (i: number) => void;
  /** A folder opens, a file is chosen. */
  onOpen: (e: FileEntry) => void;
  /** A single click on a file marks it; on a folder it opens it. */
  onPick: (e: FileEntry) => void;
  /** The chosen file, shown as selected. */
  selected: string | null;
  onUp: () => void;
}

/**
 * A folder's entries as one listbox: a single tab stop, arrow keys, Home and End move, Enter opens
 * a folder or chooses a file, Backspace goes up (as in a desktop file dialog).
 */
export const EntryList = ({ label, entries, active, onActive, onOpen, onPick, selected, onUp }: Props) => {
  const id = useId();
  const optionId = (i: number) => `${id}-${i}`;
  useEffect(() => {
    document.getElementById(`${id}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [id, active]);

  const onKeyDown = (e: KeyboardEvent) => {
    const last = entries.length - 1;
    const move = (i: number) => {
      e.preventDefault();
      onActive(Math.max(0, Math.min(last, i)));
    };
    if (e.key === 'ArrowDown') move(active + 1);
    else if (e.key === 'ArrowUp') move(active - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(last);
    else if (e.key === 'PageDown') move(active + 10);
    else if (e.key === 'PageUp') move(active - 10);
    else if (e.key === 'Backspace') {
      e.preventDefault();
      onUp();
    } else if (e.key === 'Enter' || e.key === ' ') {
      const entry = entries[active];
      if (!entry) return;
      e.preventDefault();
      if (e.key === 'Enter') onOpen(entry);
      else onPick(entry);
    }
  };
  // One handler for every row: the listbox is the control, rows are its options.
  const rowOf = (e: MouseEvent) => {
    const row = e.target instanceof Element ? e.target.closest('[data-index]') : null;
    const i = Number(row?.getAttribute('data-index'));
    return Number.isInteger(i) ? i : -1;
  };
  const onClick = (e: MouseEvent) => {
    const i = rowOf(e);
    const entry = entries[i];
    if (!entry) return;
    onActive(i);
    onPick(entry);
  };
  const onDoubleClick = (e: MouseEvent) => {
    const entry = entries[rowOf(e)];
    if (entry && !isFolderEntry(entry)) onOpen(entry);
  };

  return (
    <div
      role="listbox"
      aria-label={label}
      tabIndex={0}
      aria-activedescendant={entries.length ? optionId(active) : undefined}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onDoubleClick={onDoubleClick}
      className="path-picker-list"
      style={{ height: 300, overflow: 'auto', border: '1px solid #d9d9d9', borderRadius: 6, outlineOffset: 2 }}
    >
      {entries.map((entry, i) => {
        const folder = isFolderEntry(entry);
        const isActive = i === active;
        return (
          <div
            key={entry.path}
            id={optionId(i)}
            role="option"
            aria-selected={selected === entry.path || (selected === null && isActive)}
            data-index={i}
            style={{
              display: 'flex',
              gap: 8,
              alignItems: 'center',
              padding: '4px 10px',
              cursor: 'pointer',
              background: selected === entry.path ? '#e6f4ff' : isActive ? '#f5f5f5' : undefined,
              boxShadow: isActive ? 'inset 2px 0 0 #1677ff' : undefined,
            }}
          >
            {folder ? <FolderFilled aria-hidden style={{ color: '#f0b429' }} /> : <FileOutlined aria-hidden />}
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{entry.name}</span>
          </div>
        );
      })}
    </div>
  );
};
