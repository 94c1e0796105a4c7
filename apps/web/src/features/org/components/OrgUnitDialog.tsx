import { Form, Input, Modal } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ORG_UNIT_NAME_PATTERN, type OrgUnit } from '@portal/shared';
import { OrgUnitSelect } from '../../../components/org-unit-select/OrgUnitSelect';
import { orgPath, selfAndDescendants } from '../../../lib/org-tree';

/** What the dialog does: create a company, a department in a unit, rename a unit, or move one. */
export type OrgDialogMode =
  | { kind: 'company' }
  | { kind: 'department'; parent: OrgUnit }
  | { kind: 'rename'; unit: OrgUnit }
  | { kind: 'move'; unit: OrgUnit };

export interface OrgDialogValues {
  name?: string;
  parentId?: number | null;
}

interface Props {
  mode: OrgDialogMode | null;
  units: OrgUnit[];
  loading: boolean;
  onCancel: () => void;
  onOk: (v: OrgDialogValues) => void;
}

export const OrgUnitDialog = ({ mode, units, loading, onCancel, onOk }: Props) => {
  const { t } = useTranslation('org');
  const [form] = Form.useForm<OrgDialogValues>();
  const moving = mode?.kind === 'move' ? mode.unit : null;
  const excluded = useMemo(() => (moving ? selfAndDescendants(units, moving.id) : undefined), [moving, units]);
  useEffect(() => {
    if (!mode) return;
    form.setFieldsValue(
      mode.kind === 'rename' ? { name: mode.unit.name } : mode.kind === 'move' ? { parentId: mode.unit.parentId } : { name: '' },
    );
  }, [mode, form]);
  const title = !mode
    ? ''
    : mode.kind === 'company'
      ? t('create.companyTitle')
      : mode.kind === 'department'
        ? t('create.departmentTitle', { parent: orgPath(units, mode.parent.id) })
        : t(`${mode.kind}.title`, { name: mode.unit.name });
  return (
    <Modal
      open={!!mode}
      title={title}
      onCancel={onCancel}
      confirmLoading={loading}
      onOk={() => void form.validateFields().then(onOk)}
      width={440}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onOk}>
        {mode?.kind === 'move' ? (
          <Form.Item
            name="parentId"
            label={t('move.parent')}
            extra={t('move.hint')}
            rules={[{ required: true, message: t('move.parentRequired') }]}
          >
            <OrgUnitSelect excluded={excluded} allowClear={false} />
          </Form.Item>
        ) : (
          <Form.Item
            name="name"
            label={t('name')}
            validateFirst
            rules={[
              { required: true, whitespace: true, message: t('nameRequired') },
              { pattern: ORG_UNIT_NAME_PATTERN, message: t('nameRule') },
            ]}
          >
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
};
