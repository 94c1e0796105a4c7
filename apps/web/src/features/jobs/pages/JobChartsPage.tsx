import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HeatMapPanel } from '../components/charts/HeatMapPanel';
import { StatisticsPanel } from '../components/charts/StatisticsPanel';

type Tab = 'statistics' | 'heatMap';

/** /my-job/output and /job/job-view: job statistics and the job heat map (?tab=heatMap). */
const JobChartsPage = () => {
  const { t } = useTranslation('job-charts');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'heatMap' ? 'heatMap' : 'statistics';
  return (
    <Card title={t('title')}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'heatMap' ? { tab: k } : {}, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'statistics', label: t('tab.statistics'), children: <StatisticsPanel /> },
          { key: 'heatMap', label: t('tab.heatMap'), children: <HeatMapPanel /> },
        ]}
      />
    </Card>
  );
};

export default JobChartsPage;
