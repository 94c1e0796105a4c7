import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DesktopSession } from '@portal/shared';
import { useDesktopViewer } from '../../lib/use-desktop-viewer';
import { DesktopStopped } from './DesktopStopped';
import { DesktopToolbar } from './DesktopToolbar';

const frame: React.CSSProperties = {
  position: 'fixed',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  background: '#1e1e1e',
};

/** The desktop filling the window under its toolbar; noVNC scales it into the screen's box. */
export const DesktopViewer = ({ session }: { session: DesktopSession }) => {
  const { t } = useTranslation('desktops');
  const screen = useRef<HTMLDivElement>(null);
  const viewer = useDesktopViewer(screen, session);

  useEffect(() => {
    document.title = session.sessionName;
  }, [session.sessionName]);

  const fullScreen = () => void screen.current?.requestFullscreen().catch(() => undefined);

  return (
    <div style={frame}>
      <DesktopToolbar session={session} viewer={viewer} onFullScreen={fullScreen} />
      <div style={{ position: 'relative', flex: 1, minHeight: 0 }}>
        <div
          ref={screen}
          role="application"
          aria-label={t('viewer.screen', { name: session.sessionName })}
          data-testid="desktop-screen"
          data-state={viewer.phase.state}
          style={{ position: 'absolute', inset: 0, overflow: 'hidden', background: '#1e1e1e' }}
        />
        {viewer.phase.state === 'disconnected' && <DesktopStopped phase={viewer.phase} onReconnect={viewer.reconnect} />}
      </div>
    </div>
  );
};
