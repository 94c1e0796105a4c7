import { HolderOutlined } from '@ant-design/icons';
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button } from 'antd';
import { createContext, useContext, useMemo, type CSSProperties, type HTMLAttributes } from 'react';

/*
 * Table rows that can be dragged into another order (antd's "drag sorting with handle" with
 * dnd-kit): the row moves, the handle in its first cell starts the drag with the mouse, or with
 * the keyboard (Space or Enter, the arrow keys, Space or Enter again; Escape cancels).
 */

interface Handle {
  setActivatorNodeRef?: (element: HTMLElement | null) => void;
  listeners?: DraggableSyntheticListeners;
  attributes?: DraggableAttributes;
}

const HandleContext = createContext<Handle>({});

type RowProps = HTMLAttributes<HTMLTableRowElement> & { 'data-row-key'?: string | number };

const SortableRow = ({ 'data-row-key': key, style, ...props }: RowProps & { 'data-row-key': string | number }) => {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: key,
  });
  const moved: CSSProperties = {
    ...style,
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: 'relative', zIndex: 10 } : {}),
  };
  const handle = useMemo(() => ({ setActivatorNodeRef, listeners, attributes }), [setActivatorNodeRef, listeners, attributes]);
  return (
    <HandleContext.Provider value={handle}>
      <tr {...props} data-row-key={key} ref={setNodeRef} style={moved} />
    </HandleContext.Provider>
  );
};

/** The table's body row: sortable when it is a record's row (not the empty state's). */
export const SortableTableRow = (props: RowProps) => {
  const key = props['data-row-key'];
  return key === undefined ? <tr {...props} /> : <SortableRow {...props} data-row-key={key} />;
};

/** The row's drag handle, named for the row (the keyboard's way to drag it too). */
export const DragHandle = ({ label, disabled }: { label: string; disabled?: boolean }) => {
  const { setActivatorNodeRef, listeners, attributes } = useContext(HandleContext);
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined aria-hidden />}
      style={{ cursor: disabled ? 'not-allowed' : 'grab', touchAction: 'none' }}
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      disabled={disabled}
      aria-label={label}
      title={label}
    />
  );
};
