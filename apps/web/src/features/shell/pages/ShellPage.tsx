import { Result, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useCan, useSession } from '../../../lib/session';
import { ShellView } from '../components/ShellView';
import { forgetShell } from '../lib/remembered-shell';

/**
 * /eshell?clusterId=&cwd=: a shell in a window of its own (spec section 2), without the console's
 * header and menus. A reload re-attaches to the tab's shell; "New shell" mounts a fresh view with a fresh shell.
 */
const ShellPage = () => {
  const { t } = useTranslation('shell');
  const { status } = useSession();
  const can = useCan();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const [run, setRun] = useState(0);

  if (status === 'loading')
    return (
      <div style={{ display: 'grid', placeItems: 'center', height: '100vh' }}>
        <Spin size="large" />
      </div>
    );
  if (status === 'anonymous') return <Navigate to={`/login?redirect=${encodeURIComponent(pathname + search)}`} replace />;
  if (!can('shell:open')) return <Result status="403" title={t('denied.title')} subTitle={t('denied.text')} />;
  return (
    <ShellView
      key={run}
      clusterId={params.get('clusterId') ?? undefined}
      cwd={params.get('cwd') ?? undefined}
      onNewShell={() => {
        forgetShell();
        setRun((n) => n + 1);
      }}
    />
  );
};

export default ShellPage;
