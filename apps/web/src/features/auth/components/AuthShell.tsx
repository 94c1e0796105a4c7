import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { Logo } from '../../../components/Logo';
import { publicLoginConfig, usePublicData } from '../../../lib/public-data';
import './auth.css';

/**
 * The frame of the pages reached without signing in, in plain elements (auth.css): antd's
 * components would bring their style engine into the sign-in page's first load. index.html draws
 * the same frame before any script runs.
 */
export const AuthShell = ({ title, children, width = 400 }: { title: string; children: ReactNode; width?: 400 | 520 }) => {
  const brand = usePublicData(publicLoginConfig)?.branding;
  return (
    <div className="auth-shell">
      <div className="auth-language">
        <LanguageSwitch dark />
      </div>
      <div className="auth-brand">
        <Logo height={40} />
        <h2>{brand?.TITLE ?? 'HPC Portal'}</h2>
      </div>
      <div className={width === 400 ? 'auth-card' : 'auth-card auth-card-wide'}>
        <h4>{title}</h4>
        {children}
      </div>
      <span className="auth-copyright">{brand?.COPYRIGHT}</span>
    </div>
  );
};
