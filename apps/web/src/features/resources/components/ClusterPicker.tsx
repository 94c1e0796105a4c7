import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useClusters } from '../../../lib/queries/clusters';

/** The cluster a resource page shows; only offered when there are several. */
export const ClusterPicker = ({ value, onChange }: { value: string | undefined; onChange: (id: string) => void }) => {
  const { t } = useTranslation('resources');
  const clusters = useClusters();
  if ((clusters.data?.length ?? 0) < 2) return null;
  return (
    <Select
      aria-label={t('nodes.cluster')}
      style={{ width: 200 }}
      value={value ?? clusters.data?.[0]?.id}
      onChange={onChange}
      options={(clusters.data ?? []).map((c) => ({ value: c.id, label: c.name || c.id }))}
    />
  );
};
