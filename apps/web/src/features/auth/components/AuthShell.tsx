import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { Logo } from '../../../components/Logo';
import { useLoginConfig } from '../../../lib/queries/login-config';

/** The frame of the pages reached without signing in. */
export const AuthShell = ({ title, children, width = 400 }: { title: string; children: ReactNode; width?: number }) => {
  const config = useLoginConfig();
  const brand = config.data?.branding;
  return (
    <Flex
      vertical
      align="center"
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
        <Typography.Title level={2} style={{ color: '#fff', margin: 0 }}>
          {brand?.TITLE ?? 'HPC Portal'}
        </Typography.Title>
      </Flex>
      <Card style={{ width: '100%', maxWidth: width, boxShadow: '0 12px 40px rgba(0,0,0,.25)' }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
      <Typography.Text style={{ color: 'rgba(255,255,255,.7)', marginTop: 24, fontSize: 12 }}>{brand?.COPYRIGHT}</Typography.Text>
    </Flex>
  );
};
