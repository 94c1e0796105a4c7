import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { Logo } from '../../../components/Logo';
import { useLoginConfig } from '../../../lib/queries/login-config';

// Plain elements rather than antd's Card and Typography: those pull tabs, tooltips and skeletons
// into the sign-in page's first load. index.html draws the same frame before any script runs.
const card = {
  width: '100%',
  background: '#fff',
  borderRadius: 8,
  padding: 24,
  boxSizing: 'border-box',
  boxShadow: '0 12px 40px rgba(0,0,0,.25)',
} as const;
const heading = { margin: 0, fontWeight: 600, lineHeight: 1.35 } as const;

/** The frame of the pages reached without signing in. */
export const AuthShell = ({ title, children, width = 400 }: { title: string; children: ReactNode; width?: number }) => {
  const config = useLoginConfig();
  const brand = config.data?.branding;
  return (
    <Flex
      vertical
      align="center"
      className="portal-auth-shell"
      style={{
        minHeight: '100vh',
        background: 'linear-gradient(160deg, #0f1f3d 0%, #1d4ed8 55%, #60a5fa 100%)',
        padding: '8vh 16px',
      }}
    >
      <Flex style={{ position: 'absolute', top: 12, right: 16 }}>
        <LanguageSwitch dark />
      </Flex>
      <Flex align="center" gap={12} style={{ marginBottom: 24 }}>
        <Logo height={40} />
        <h2 style={{ ...heading, color: '#fff', fontSize: 30 }}>{brand?.TITLE ?? 'HPC Portal'}</h2>
      </Flex>
      <div style={{ ...card, maxWidth: width }}>
        <h4 style={{ ...heading, color: 'rgba(0,0,0,.88)', fontSize: 20, marginBottom: 8 }}>{title}</h4>
        {children}
      </div>
      <span style={{ color: 'rgba(255,255,255,.7)', marginTop: 24, fontSize: 12 }}>{brand?.COPYRIGHT}</span>
    </Flex>
  );
};
