import { Alert, App, Checkbox, Col, Divider, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSET_TYPES, type Asset, type AssetInput, type AssetType } from '@portal/shared';
import { useErrorText } from '../../../lib/errors';
import { useClusters } from '../../../lib/queries/clusters';
import { useAssetList } from '../api/list-assets';
import { useSaveAsset } from '../api/save-asset';

const NAME = /^[^\s/\\]{1,64}$/;
const ADDRESS = /^[A-Za-z0-9.:_-]{1,255}$/;

interface Values {
  name: string;
  type: AssetType;
  clusterId: string;
  model?: string;
  location?: string;
  serialNumber?: string;
  manageIp?: string;
  computeIp?: string;
  room?: string;
  rack?: string;
  position?: number | null;
  height?: number | null;
  parentId?: number | null;
  ipmiIp?: string;
  ipmiPort?: number | null;
  ipmiUser?: string;
  ipmiPassword?: string;
}

const text = (v: string | undefined) => v?.trim() ?? '';
const num = (v: number | null | undefined) => (v === null || v === undefined ? '' : v);

/** Adds an asset or changes one; an imported node keeps the scheduler's name, type and cluster. */
export const AssetFormDialog = ({
  asset,
  presetType,
  onClose,
}: {
  asset: Asset | null;
  presetType?: AssetType | undefined;
  onClose: () => void;
}) => {
  const { t } = useTranslation('resources');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<Values>();
  const [clearPassword, setClearPassword] = useState(false);
  const clusters = useClusters();
  const parents = useAssetList({ pageStart: 0, pageLimit: 300 });
  const save = useSaveAsset();
  const fromScheduler = asset?.source === 'scheduler';
  const submit = (v: Values) => {
    const password = clearPassword ? '' : v.ipmiPassword ? v.ipmiPassword : undefined;
    const body: AssetInput = {
      name: v.name.trim(),
      type: v.type,
      clusterId: v.clusterId,
      model: text(v.model),
      location: text(v.location),
      serialNumber: text(v.serialNumber),
      manageIp: text(v.manageIp),
      computeIp: text(v.computeIp),
      room: text(v.room),
      rack: text(v.rack),
      position: num(v.position),
      height: num(v.height),
      parentId: num(v.parentId),
      ipmiIp: text(v.ipmiIp),
      ipmiPort: num(v.ipmiPort),
      ipmiUser: text(v.ipmiUser),
      ...(password === undefined ? {} : { ipmiPassword: password }),
    };
    save.mutate(
      { id: asset?.id ?? null, body },
      {
        onSuccess: (a) => {
          void message.success(t('assets.saved', { name: a.name }));
          onClose();
        },
        onError: (e) => void message.error(errorText(e)),
      },
    );
  };
  const address = [{ pattern: ADDRESS, message: t('assets.form.addressInvalid') }];
  const units = [{ type: 'integer' as const, min: 1, max: 60, message: t('assets.form.unitsInvalid') }];
  return (
    <Modal
      open
      title={asset ? t('assets.form.titleEdit', { name: asset.name }) : t('assets.form.titleAdd')}
      onCancel={onClose}
      confirmLoading={save.isPending}
      onOk={() => void form.validateFields().then(submit)}
      width={720}
      destroyOnHidden
    >
      {fromScheduler && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('assets.form.fromScheduler')} />}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          name: asset?.name ?? '',
          type: asset?.type ?? presetType ?? 'SERVER',
          clusterId: asset?.clusterId ?? '',
          model: asset?.model ?? '',
          location: asset?.location ?? '',
          serialNumber: asset?.serialNumber ?? '',
          manageIp: asset?.manageIp ?? '',
          computeIp: asset?.computeIp ?? '',
          room: asset?.room ?? '',
          rack: asset?.rack ?? '',
          position: asset?.position ?? null,
          height: asset?.height ?? null,
          parentId: asset?.parentId ?? null,
          ipmiIp: asset?.ipmiIp ?? '',
          ipmiPort: asset?.ipmiPort ?? null,
          ipmiUser: asset?.ipmiUser ?? '',
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="name"
              label={t('assets.form.name')}
              rules={[
                { required: true, whitespace: true, message: t('assets.form.nameRequired') },
                { pattern: NAME, message: t('assets.form.nameInvalid') },
              ]}
            >
              <Input autoComplete="off" maxLength={64} disabled={fromScheduler} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="type" label={t('assets.form.type')}>
              <Select
                showSearch
                optionFilterProp="label"
                disabled={fromScheduler}
                options={ASSET_TYPES.map((x) => ({ value: x, label: t(`type.${x}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="clusterId" label={t('assets.form.cluster')}>
              <Select
                disabled={fromScheduler}
                options={[
                  { value: '', label: t('assets.form.noCluster') },
                  ...(clusters.data ?? []).map((c) => ({ value: c.id, label: c.name || c.id })),
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="model" label={t('assets.form.model')}>
              <Input maxLength={128} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="serialNumber" label={t('assets.form.serialNumber')}>
              <Input maxLength={128} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="location" label={t('assets.form.location')}>
              <Input maxLength={128} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="manageIp" label={t('assets.form.manageIp')} rules={address}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="computeIp" label={t('assets.form.computeIp')} rules={address}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="parentId" label={t('assets.form.parent')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                loading={parents.isPending}
                placeholder={t('assets.form.noParent')}
                options={(parents.data?.list ?? [])
                  .filter((p) => p.id !== asset?.id)
                  .map((p) => ({ value: p.id, label: `${p.name} (${t(`type.${p.type}`)})` }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="room" label={t('assets.form.room')}>
              <Input maxLength={128} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="rack" label={t('assets.form.rack')}>
              <Input maxLength={128} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="position" label={t('assets.form.position')} rules={units}>
              <InputNumber min={1} max={60} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="height" label={t('assets.form.height')} rules={units}>
              <InputNumber min={1} max={60} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain>
          {t('assets.form.bmc')}
        </Divider>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="ipmiIp" label={t('assets.form.ipmiIp')} rules={address}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item
              name="ipmiPort"
              label={t('assets.form.ipmiPort')}
              extra={t('assets.form.ipmiPortHelp')}
              rules={[{ type: 'integer', min: 1, max: 65535, message: t('assets.form.portInvalid') }]}
            >
              <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="ipmiUser" label={t('assets.form.ipmiUser')}>
              <Input maxLength={32} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item
              name="ipmiPassword"
              label={t('assets.form.ipmiPassword')}
              extra={
                asset?.ipmiPasswordSet && (
                  <Checkbox checked={clearPassword} onChange={(e) => setClearPassword(e.target.checked)}>
                    {t('assets.form.ipmiPasswordClear')}
                  </Checkbox>
                )
              }
            >
              <Input.Password
                maxLength={64}
                autoComplete="new-password"
                disabled={clearPassword}
                placeholder={asset?.ipmiPasswordSet ? t('assets.form.ipmiPasswordKeep') : undefined}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
};
