import { Button, Card, Col, Empty, Result, Row, Skeleton, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/errors';
import { useOrgUnits } from '../../../lib/queries/org-units';
import { OrgTree } from '../components/OrgTree';
import { OrgUnitDialog } from '../components/OrgUnitDialog';
import { OrgUnitPanel } from '../components/OrgUnitPanel';
import { useOrgActions } from '../components/use-org-actions';

/** Companies and departments: a tree; the selected unit's details and actions beside it. */
const OrgUnitsPage = () => {
  const { t } = useTranslation('org');
  const errorText = useErrorText();
  const units = useOrgUnits();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const actions = useOrgActions(setSelectedId);
  const list = units.data ?? [];
  const selected = list.find((u) => u.id === selectedId) ?? null;
  const newCompany = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => actions.setMode({ kind: 'company' })}>
      {t('create.company')}
    </Button>
  );

  return (
    <Card title={t('title')} extra={list.length > 0 && newCompany}>
      {units.isError ? (
        <Result status="error" title={errorText(units.error)} />
      ) : !units.data ? (
        <Skeleton active />
      ) : list.length === 0 ? (
        <Empty description={t('empty')}>{newCompany}</Empty>
      ) : (
        <Row gutter={[32, 16]}>
          <Col xs={24} lg={12}>
            <OrgTree units={list} selected={selectedId} onSelect={setSelectedId} />
          </Col>
          <Col xs={24} lg={12}>
            {selected ? (
              <OrgUnitPanel
                unit={selected}
                units={list}
                deleting={actions.deleting}
                onAddDepartment={() => actions.setMode({ kind: 'department', parent: selected })}
                onRename={() => actions.setMode({ kind: 'rename', unit: selected })}
                onMove={() => actions.setMode({ kind: 'move', unit: selected })}
                onDelete={() => actions.onDelete(selected)}
              />
            ) : (
              <Typography.Paragraph type="secondary">{t('selectHint')}</Typography.Paragraph>
            )}
          </Col>
        </Row>
      )}
      <OrgUnitDialog
        mode={actions.mode}
        units={list}
        loading={actions.saving}
        onCancel={() => actions.setMode(null)}
        onOk={actions.save}
      />
    </Card>
  );
};

export default OrgUnitsPage;
