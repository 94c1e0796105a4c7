import { Alert, Card, Col, Empty, Flex, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AccountItem, QuotaItem } from '@portal/shared';
import { useErrorText } from '../../../../lib/errors';
import { useCan, useSession } from '../../../../lib/session';
import { usePendingApplicationCount } from '../../api/count-pending-applications';
import { useAllMyAccounts } from '../../api/list-all-my-accounts';
import { useQuotas } from '../../api/list-quotas';
import { QuotaSummary } from './QuotaSummary';

/** Every one of the caller's quotas in one answer (the API's largest page). */
const ALL = { scope: 'mine', pageStart: 0, pageLimit: 300 } as const;

const AccountQuotas = ({ account, quotas, me }: { account: AccountItem; quotas: QuotaItem[]; me: string }) => {
  const { t } = useTranslation('quotas');
  const can = useCan();
  const mine = (userName: string) => quotas.find((q) => q.accountName === account.accountName && q.userName === userName);
  return (
    <Card
      size="small"
      data-testid={`quota-${account.accountName}`}
      title={
        <Space size={6} wrap>
          <span>{account.accountName}</span>
          {account.isDefault && <Tag color="blue">{t('default')}</Tag>}
        </Space>
      }
      extra={
        can('applications:create') && (
          <Link
            to={`/account/applications?apply=coreHours&account=${encodeURIComponent(account.accountName)}`}
            aria-label={t('applyLabel', { name: account.accountName })}
          >
            {t('apply')}
          </Link>
        )
      }
    >
      <Row gutter={[40, 16]}>
        <Col xs={24} lg={12}>
          <Flex vertical gap={8}>
            <Typography.Text strong>{t('accountTotal')}</Typography.Text>
            <QuotaSummary quota={mine('')} />
          </Flex>
        </Col>
        <Col xs={24} lg={12}>
          <Flex vertical gap={8}>
            <Typography.Text strong>{t('yourShare')}</Typography.Text>
            <QuotaSummary quota={mine(me)} />
          </Flex>
        </Col>
      </Row>
    </Card>
  );
};

/** My accounts' quotas: per account, the account's limits (all members together) and the caller's own in it. */
export const MyQuotasCard = () => {
  const { t } = useTranslation('quotas');
  const errorText = useErrorText();
  const can = useCan();
  const me = useSession().indexData?.currentUser ?? '';
  const pending = usePendingApplicationCount(can('applications:create'));
  const accounts = useAllMyAccounts();
  const quotas = useQuotas(ALL);
  const failed = accounts.error ?? quotas.error;
  const body = failed ? (
    <Alert type="error" showIcon title={errorText(failed)} />
  ) : !accounts.data || !quotas.data ? (
    <Skeleton active paragraph={{ rows: 3 }} />
  ) : accounts.data.length === 0 ? (
    <Empty description={t('emptyMine')} />
  ) : (
    <Flex vertical gap={12}>
      {accounts.data.map((a) => (
        <AccountQuotas key={a.accountName} account={a} quotas={quotas.data.list} me={me} />
      ))}
    </Flex>
  );
  return (
    <Card
      title={t('title')}
      extra={
        can('applications:create') && (
          <Link to="/account/applications">
            {pending.data ? t('myApplicationsPending', { count: pending.data }) : t('myApplications')}
          </Link>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      {body}
    </Card>
  );
};
