import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session';

const DISMISSED = 'gv.local_notice_dismissed';

interface Props {
  /** Only for this cluster (a shell's or the file manager's); every local cluster when absent. */
  clusterId?: string | undefined;
  /** A closable banner in the console: once closed it stays closed for this browser session. */
  closable?: boolean;
  style?: React.CSSProperties;
}

/**
 * Local access mode runs a user's jobs, shell and files on the portal's own machine: say as which
 * account, and what that means for keeping users apart (own account when the server runs as
 * root, the server's shared account otherwise).
 */
export const LocalAccessNotice = ({ clusterId, closable = false, style }: Props) => {
  const { t } = useTranslation('common');
  const { indexData } = useSession();
  const [dismissed, setDismissed] = useState(() => closable && sessionStorage.getItem(DISMISSED) === '1');
  const local = indexData?.localAccess;
  if (!local || dismissed) return null;
  const clusters = clusterId ? local.clusters.filter((c) => c.id === clusterId) : local.clusters;
  if (clusters.length === 0) return null;
  const values = { clusters: clusters.map((c) => c.name).join(', '), account: local.account, count: clusters.length };
  const shared = local.separation === 'shared';
  return (
    <Alert
      type={shared ? 'warning' : 'info'}
      showIcon
      banner
      data-testid="local-access-notice"
      style={style}
      title={t(shared ? 'localAccess.sharedTitle' : 'localAccess.ownTitle', values)}
      description={t(shared ? 'localAccess.sharedText' : 'localAccess.ownText', values)}
      closable={
        closable && {
          'aria-label': t('localAccess.close'),
          onClose: () => {
            sessionStorage.setItem(DISMISSED, '1');
            setDismissed(true);
          },
        }
      }
    />
  );
};
