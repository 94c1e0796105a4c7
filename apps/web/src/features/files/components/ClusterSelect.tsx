import { CloudServerOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FolderViewState } from './use-folder-view';

/**
 * Which cluster's files are shown; only when there is more than one to choose from. Choosing one
 * opens its home folder (`onChoose`), and the window's address keeps the choice.
 */
export const ClusterSelect = ({ fv, onChoose }: { fv: FolderViewState; onChoose: (id: string) => void }) => {
  const { t } = useTranslation('files');
  if (fv.clusters.length < 2) return null;
  return (
    <Select
      aria-label={t('path.cluster')}
      data-testid="cluster-select"
      prefix={<CloudServerOutlined aria-hidden />}
      style={{ minWidth: 160 }}
      popupMatchSelectWidth={false}
      value={fv.clusterId}
      options={fv.clusters.map((c) => ({ value: c.id, label: c.name || c.id }))}
      onChange={onChoose}
    />
  );
};
