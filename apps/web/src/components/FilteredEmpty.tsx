import { Button, Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Some filter or search narrows the list: an empty answer means nothing matches, not nothing exists. */
  filtered: boolean;
  /** What the list says when nothing exists at all ("No users are waiting for approval"). */
  emptyText: string;
  /** Puts every filter back; offered only while filtered. */
  onClear?: () => void;
  /** What the empty list offers when nothing exists at all (a button to add the first item). */
  action?: ReactNode;
}

/** The empty state of a filtered list: "nothing matches" with a way out, or the list's own empty text. */
export const FilteredEmpty = ({ filtered, emptyText, onClear, action }: Props) => {
  const { t } = useTranslation('common');
  if (!filtered) return <Empty description={emptyText}>{action}</Empty>;
  return (
    <Empty description={t('filter.noMatch')} data-testid="filtered-empty">
      {onClear && (
        <Button type="primary" ghost onClick={onClear}>
          {t('filter.clear')}
        </Button>
      )}
    </Empty>
  );
};
