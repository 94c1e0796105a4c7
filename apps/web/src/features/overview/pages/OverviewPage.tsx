import {
  ClockCircleOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { Card, Col, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { roleName } from '@portal/shared';
import { useHomeChartData } from '../../../components/stats-bar/home-chart-data';
import { useOnlineUsers } from '../../../components/stats-bar/online-users';
import { useLicenseInfo } from '../../../lib/queries/license-info';
import { useCan, useSession } from '../../../lib/session';
import { usePendingCount } from '../api/pending-count';
import { ClusterStatePanel } from '../components/ClusterStatePanel';
import { MyWorkPanel } from '../components/MyWorkPanel';

/** The home page: who is signed in, live statistics, licence and pending work. */
const OverviewPage = () => {
  const { t } = useTranslation('overview');
  const { indexData } = useSession();
  const can = useCan();
  const online = useOnlineUsers();
  const jobs = useHomeChartData();
  const license = useLicenseInfo();
  const pending = usePendingCount(can('users:approve'));
  if (!indexData) return null;
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('welcome', { name: indexData.currentUser })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('signedInAs')} <Tag color="blue">{t(`common:role.${roleName(indexData.roleId)}`)}</Tag>
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Statistic
              title={t('onlineUsers')}
              value={online.data?.userOnline ?? '-'}
              prefix={<TeamOutlined />}
              loading={online.isPending}
            />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Statistic title={t('onlineJobs')} value={jobs?.onlineJobs ?? '-'} prefix={<ThunderboltOutlined />} />
            <Typography.Text type="secondary">
              {jobs ? t('cores', { used: jobs.coreUsed, total: jobs.coreTotal }) : t('noScheduler')}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Card>
            <Statistic
              title={t('license')}
              value={license.data ? (license.data.expired ? t('expired') : license.data.remainingDays) : '-'}
              suffix={license.data && !license.data.expired ? t('days') : undefined}
              prefix={<SafetyCertificateOutlined />}
              loading={license.isPending}
            />
            {license.data?.trial && <Tag>{t('trial')}</Tag>}
          </Card>
        </Col>
        {can('users:approve') ? (
          <Col xs={24} sm={12} lg={6}>
            <Card>
              <Statistic
                title={t('pendingUsers')}
                value={pending.data ?? '-'}
                prefix={<UserAddOutlined />}
                loading={pending.isPending}
              />
              <Link to="/account/pending-users">{t('review')}</Link>
            </Card>
          </Col>
        ) : (
          <Col xs={24} sm={12} lg={6}>
            <Card>
              <Statistic
                title={t('refreshInterval')}
                value={indexData.refreshInteval}
                suffix={t('seconds')}
                prefix={<ClockCircleOutlined />}
              />
            </Card>
          </Col>
        )}
      </Row>
      {/* Operators see the cluster, researchers their own work; the auditor only audits. */}
      {can('jobs:readAll') ? <ClusterStatePanel /> : can('jobs:submit') && <MyWorkPanel />}
      <Card style={{ marginTop: 16 }} title={t('system')}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          {t('version')}: <Typography.Text code>{indexData.systemVersion}</Typography.Text>
        </Typography.Paragraph>
      </Card>
    </>
  );
};

export default OverviewPage;
