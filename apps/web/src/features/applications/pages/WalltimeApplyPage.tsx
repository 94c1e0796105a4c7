import { Alert, Card, Col, Flex, Result, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useErrorText } from '../../../lib/errors';
import { useMyAccounts } from '../api/my-accounts';
import { ApplyForm } from '../components/apply/ApplyForm';
import { ApplicationsTable } from '../components/list/ApplicationsTable';
import { useApplyRules } from '../components/use-apply-rules';

/**
 * walltimeApply (the myResource menu): a longer run time for one of the caller's jobs, and their
 * run time applications. Spec section 6: only in gold mode, for a user with an account of their
 * own; opened otherwise (by its address) it says why it is not offered. `?jobId=` fills the job.
 */
const WalltimeApplyPage = () => {
  const { t } = useTranslation('applications');
  const errorText = useErrorText();
  const rules = useApplyRules();
  const accounts = useMyAccounts();
  const [params] = useSearchParams();
  // A new form after each application (the key remounts it empty).
  const [sent, setSent] = useState(0);

  if (rules.error) return <Alert type="error" showIcon title={errorText(rules.error)} />;
  if (!rules.loaded || !accounts.data) return <Skeleton active />;
  if (!rules.goldEnable) return <Result status="info" title={t('walltime.title')} subTitle={t('walltime.off')} />;
  if (!rules.holdsAccount) return <Result status="info" title={t('walltime.title')} subTitle={t('walltime.noAccount')} />;

  return (
    <Flex vertical gap={16}>
      <Card title={t('walltime.title')}>
        <Row gutter={32}>
          <Col xs={24} lg={14} xl={12}>
            <Typography.Paragraph type="secondary">{t('walltime.intro')}</Typography.Paragraph>
            <ApplyForm
              key={sent}
              kinds={['wallTime']}
              accounts={accounts.data}
              initial={{ kind: 'wallTime', ...(params.get('jobId') ? { jobId: params.get('jobId') ?? '' } : {}) }}
              onDone={() => setSent((n) => n + 1)}
            />
          </Col>
        </Row>
      </Card>
      <Card title={t('walltime.list')} extra={<Link to="/account/applications">{t('walltime.allLink')}</Link>}>
        <ApplicationsTable scope="mine" kind="wallTime" />
      </Card>
    </Flex>
  );
};

export default WalltimeApplyPage;
