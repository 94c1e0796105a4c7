import { DesktopOutlined, TeamOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Flex, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHomeChartData } from './home-chart-data';
import { useOnlineUsers } from './online-users';

interface StatProps {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  color: string;
  /** False: icon and number only, the label in the tooltip (a narrow header). */
  showLabel: boolean;
}

const Stat = ({ icon, label, value, color, showLabel }: StatProps) => (
  <Tooltip title={label}>
    <span style={{ color, whiteSpace: 'nowrap', fontSize: 13 }} aria-label={label}>
      {icon} {showLabel && <span style={{ opacity: 0.75 }}>{label}</span>} <strong data-testid={`stat-${label}`}>{value}</strong>
    </span>
  </Tooltip>
);

/**
 * Online users, online jobs and used/total cores. Jobs and cores show '-' while the scheduler's
 * numbers are unknown or could not be read. `labels={false}` leaves the words to the tooltips, so a
 * narrow header keeps room for the top menu's entries.
 */
export const StatsBar = ({ layout, labels = true }: { layout: 'horizontal' | 'vertical'; labels?: boolean }) => {
  const { t } = useTranslation('layout');
  const online = useOnlineUsers();
  const jobs = useHomeChartData();
  const color = layout === 'horizontal' ? '#e5e7eb' : '#1f2937';
  return (
    <Flex
      vertical={layout === 'vertical'}
      gap={layout === 'vertical' ? 8 : 16}
      style={layout === 'vertical' ? { padding: '12px 16px', borderBottom: '1px solid #e5e7eb' } : undefined}
      role="status"
      aria-label={t('stats.title')}
    >
      <Stat
        icon={<TeamOutlined aria-hidden />}
        label={t('stats.onlineUsers')}
        value={online.data?.userOnline ?? '-'}
        color={color}
        showLabel={labels}
      />
      <Stat
        icon={<ThunderboltOutlined aria-hidden />}
        label={t('stats.onlineJobs')}
        value={jobs?.onlineJobs ?? '-'}
        color={color}
        showLabel={labels}
      />
      <Stat
        icon={<DesktopOutlined aria-hidden />}
        label={t('stats.cores')}
        value={jobs ? `${jobs.coreUsed} / ${jobs.coreTotal}` : '- / -'}
        color={color}
        showLabel={labels}
      />
    </Flex>
  );
};
