import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ShellPhase } from '../lib/use-shell-terminal';

/** Connecting and reconnecting, over the terminal: what is typed while reconnecting is not sent, so it must show. */
export const ShellBanner = ({ phase }: { phase: ShellPhase }) => {
  const { t } = useTranslation('shell');
  if (phase.state !== 'opening' && phase.state !== 'connecting' && phase.state !== 'reconnecting') return null;
  const text = phase.state === 'reconnecting' ? t('state.reconnecting') : t('state.connecting');
  // Laid over the first line rather than above it: the terminal keeps its size while the network is away.
  return (
    <div style={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 10 }}>
      <Alert
        role="status"
        banner
        type={phase.state === 'reconnecting' ? 'warning' : 'info'}
        showIcon={false}
        title={
          <span>
            <Spin size="small" style={{ marginInlineEnd: 8 }} />
            {text}
          </span>
        }
      />
    </div>
  );
};
