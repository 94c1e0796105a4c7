import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AppTemplate } from '@portal/shared';
import { useCitrixStatus } from '../api/citrix-status';
import { AppList } from '../components/apps/AppList';
import { CitrixPanel } from '../components/citrix/CitrixPanel';
import { DesktopsTable } from '../components/list/DesktopsTable';
import { StartDesktopDialog } from '../components/start/StartDesktopDialog';

type PageTab = 'desktops' | 'apps' | 'citrix';
const TABS: readonly PageTab[] = ['desktops', 'apps', 'citrix'];
const tabOf = (key: string | null): PageTab => TABS.find((x) => x === key) ?? 'desktops';

/**
 * /ac-my-app: the caller's remote desktops and those shared with them, the applications that
 * start in a desktop or as a batch job, and Citrix's published ones when the centre has StoreFront
 * (issue 14). `?tab=apps` or `?tab=citrix` opens those.
 */
const DesktopsPage = () => {
  const { t } = useTranslation('desktops');
  const [params, setParams] = useSearchParams();
  // The Citrix tab only where the centre configured StoreFront.
  const citrix = useCitrixStatus().data?.enabled === true;
  const wanted = tabOf(params.get('tab'));
  const tab: PageTab = wanted === 'citrix' && !citrix ? 'desktops' : wanted;
  // null: no dialog; otherwise the dialog, for an application or a plain desktop.
  const [starting, setStarting] = useState<{ app?: AppTemplate } | null>(null);
  const showTab = (next: PageTab) => setParams(next === 'desktops' ? {} : { tab: next }, { replace: true });

  return (
    <Card
      title={t('title')}
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setStarting({})}>
          {t('start.action')}
        </Button>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => showTab(tabOf(key))}
        items={[
          { key: 'desktops', label: t('tabs.desktops'), children: <DesktopsTable onStart={() => setStarting({})} /> },
          { key: 'apps', label: t('tabs.apps'), children: <AppList onStart={(app) => setStarting({ app })} /> },
          ...(citrix ? [{ key: 'citrix', label: t('tabs.citrix'), children: <CitrixPanel /> }] : []),
        ]}
      />
      {starting && (
        <StartDesktopDialog app={starting.app} onClose={() => setStarting(null)} onStarted={() => showTab('desktops')} />
      )}
    </Card>
  );
};

export default DesktopsPage;
