import { TreeSelect, type TreeSelectProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { orgTree, type OrgNode } from '../../lib/org-tree';
import { useOrgUnits } from '../../lib/queries/org-units';

interface TreeOption {
  value: number;
  title: string;
  disabled: boolean;
  children: TreeOption[];
}

const toOptions = (nodes: OrgNode[], excluded: ReadonlySet<number>): TreeOption[] =>
  nodes.map(({ unit, children }) => ({
    value: unit.id,
    title: unit.name,
    disabled: excluded.has(unit.id),
    children: toOptions(children, excluded),
  }));

type Props = Omit<TreeSelectProps<number | null>, 'treeData' | 'onChange'> & {
  onChange?: (id: number | null) => void;
  /** Units that may not be chosen (a unit being moved and those below it). */
  excluded?: ReadonlySet<number>;
};

/** Picks a company or department from the organisation tree (empty: none). */
export const OrgUnitSelect = ({ excluded, onChange, ...props }: Props) => {
  const { t } = useTranslation('common');
  const units = useOrgUnits();
  const treeData = useMemo(() => toOptions(orgTree(units.data ?? []), excluded ?? new Set()), [units.data, excluded]);
  return (
    <TreeSelect<number | null>
      allowClear
      showSearch
      treeDefaultExpandAll
      treeNodeFilterProp="title"
      placeholder={t('org.choose')}
      notFoundContent={t('org.none')}
      loading={units.isLoading}
      treeData={treeData}
      onChange={(v) => onChange?.(v ?? null)}
      {...props}
    />
  );
};
