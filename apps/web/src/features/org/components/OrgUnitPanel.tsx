import { Button, Descriptions, Flex, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrgUnit } from '@portal/shared';
import { orgPath } from '../../../lib/org-tree';

interface Props {
  unit: OrgUnit;
  units: OrgUnit[];
  deleting: boolean;
  onAddDepartment: () => void;
  onRename: () => void;
  onMove: () => void;
  onDelete: () => void;
}

/** The selected unit: where it sits, what it holds, and what can be done with it. */
export const OrgUnitPanel = ({ unit, units, deleting, onAddDepartment, onRename, onMove, onDelete }: Props) => {
  const { t } = useTranslation('org');
  return (
    <section aria-labelledby="org-unit-title">
      <Typography.Title level={5} id="org-unit-title">
        {unit.name}
      </Typography.Title>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'kind', label: t('panel.kind'), children: t(`kind.${unit.kind}`) },
          { key: 'path', label: t('panel.path'), children: orgPath(units, unit.id) },
          { key: 'children', label: t('panel.departments'), children: unit.childCount },
          { key: 'users', label: t('panel.users'), children: unit.userCount },
          { key: 'accounts', label: t('panel.accounts'), children: unit.accountCount },
        ]}
      />
      <Flex gap={8} wrap style={{ marginTop: 16 }}>
        <Button type="primary" onClick={onAddDepartment}>
          {t('create.department')}
        </Button>
        <Button onClick={onRename}>{t('rename.action')}</Button>
        {unit.kind === 'department' && <Button onClick={onMove}>{t('move.action')}</Button>}
        <Popconfirm
          title={t('delete.confirm', { name: unit.name })}
          description={t('delete.hint')}
          onConfirm={onDelete}
          okButtonProps={{ danger: true }}
        >
          <Button danger loading={deleting}>
            {t('delete.action')}
          </Button>
        </Popconfirm>
      </Flex>
    </section>
  );
};
