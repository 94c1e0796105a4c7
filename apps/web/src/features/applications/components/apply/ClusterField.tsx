import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useClusters } from '../../api/apply-choices';

/** The cluster the job or queue is on: asked only when the portal has more than one (else the server's default). */
export const ClusterField = () => {
  const { t } = useTranslation('applications');
  const clusters = useClusters();
  const list = clusters.data ?? [];
  if (list.length < 2) return null;
  return (
    <Form.Item name="clusterId" label={t('apply.cluster')} rules={[{ required: true, message: t('apply.required') }]}>
      <Select options={list.map((c) => ({ value: c.id, label: c.name }))} />
    </Form.Item>
  );
};
