import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ViewerPhase } from '../../lib/desktop-connection';
import { RECONNECT } from '../../lib/reconnect-policy';

const BADGE = { connecting: 'processing', connected: 'success', reconnecting: 'warning', disconnected: 'error' } as const;

/** Where the connection stands; data-state (and data-reason once stopped) are for browser tests. */
export const DesktopStatus = ({ phase }: { phase: ViewerPhase }) => {
  const { t } = useTranslation('desktops');
  const max = RECONNECT.maxTries;
  const text =
    phase.state === 'connected'
      ? t('viewer.status.connected')
      : phase.state === 'reconnecting'
        ? t('viewer.status.reconnecting', { seconds: phase.inSeconds, try: phase.attempt, max })
        : phase.state === 'disconnected'
          ? t('viewer.status.disconnected')
          : phase.attempt > 0
            ? t('viewer.status.reconnectingNow', { try: phase.attempt, max })
            : t('viewer.status.connecting');
  return (
    <span
      role="status"
      data-testid="desktop-status"
      data-state={phase.state}
      {...(phase.state === 'disconnected' ? { 'data-reason': phase.why } : {})}
    >
      <Badge status={BADGE[phase.state]} text={text} />
    </span>
  );
};
