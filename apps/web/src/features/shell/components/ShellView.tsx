import { useRef } from 'react';
import { LocalAccessNotice } from '../../../components/LocalAccessNotice';
import { useShellTerminal } from '../lib/use-shell-terminal';
import { ShellBanner } from './ShellBanner';
import { ShellEnded } from './ShellEnded';

const frame: React.CSSProperties = {
  position: 'fixed',
  inset: 0,
  background: '#1e1e1e',
  display: 'flex',
  flexDirection: 'column',
};

/** The terminal filling the window, with what the user must know laid over it. */
export const ShellView = ({ clusterId, cwd, onNewShell }: { clusterId?: string; cwd?: string; onNewShell(): void }) => {
  const host = useRef<HTMLDivElement>(null);
  const phase = useShellTerminal(host, { clusterId, cwd });
  return (
    <div style={frame}>
      <ShellBanner phase={phase} />
      <LocalAccessNotice clusterId={clusterId} />
      <div ref={host} data-testid="shell-terminal" style={{ flex: 1, minHeight: 0, padding: 4 }} />
      {(phase.state === 'ended' || phase.state === 'failed') && <ShellEnded phase={phase} onNewShell={onNewShell} />}
    </div>
  );
};
