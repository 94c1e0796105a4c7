import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DesktopState } from '@portal/shared';

const COLORS: Record<DesktopState, string> = {
  starting: 'processing',
  running: 'success',
  ended: 'default',
};

/**
 * data-state lets browser tests wait for a desktop to turn running without reading the text; a job
 * desktop starts once its job runs, so it reads "queued" until then.
 */
export const DesktopStateTag = ({ state, queued = false }: { state: DesktopState; queued?: boolean }) => {
  const { t } = useTranslation('desktops');
  return (
    <Tag color={COLORS[state]} data-testid="desktop-state" data-state={state}>
      {queued ? t('state.queued') : t(`state.${state}`)}
    </Tag>
  );
};
