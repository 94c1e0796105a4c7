import { Tree, Typography, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrgUnit } from '@portal/shared';
import { orgTree, type OrgNode } from '../../../lib/org-tree';

interface Props {
  units: OrgUnit[];
  selected: number | null;
  onSelect: (id: number | null) => void;
}

/** The organisation as a tree; each unit with what it holds. Arrow keys move, Enter selects. */
export const OrgTree = ({ units, selected, onSelect }: Props) => {
  const { t } = useTranslation('org');
  // Everything open, new units too, but what the user closed.
  const [closed, setClosed] = useState<ReadonlySet<number>>(new Set());
  const toNodes = useMemo(() => {
    const convert = (nodes: OrgNode[]): TreeDataNode[] =>
      nodes.map(({ unit, children }) => ({
        key: unit.id,
        title: (
          <span>
            {unit.name}{' '}
            <Typography.Text type="secondary">
              {t('tree.counts', { users: unit.userCount, accounts: unit.accountCount })}
            </Typography.Text>
          </span>
        ),
        children: convert(children),
      }));
    return convert(orgTree(units));
  }, [units, t]);
  return (
    <Tree
      aria-label={t('tree.label')}
      treeData={toNodes}
      expandedKeys={units.filter((u) => !closed.has(u.id)).map((u) => u.id)}
      onExpand={(keys) => {
        const open = new Set(keys.map(Number));
        setClosed(new Set(units.filter((u) => !open.has(u.id)).map((u) => u.id)));
      }}
      blockNode
      showLine
      selectedKeys={selected === null ? [] : [selected]}
      onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : null)}
    />
  );
};
