import { Button, Popconfirm, Space, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { ApplicationItem } from '@portal/shared';
import { formatDateTime } from '../../../../lib/format';
import { askedFor } from '../application-text';
import { ApplicationStateTag } from '../ApplicationStateTag';

interface Options {
  /** mine: the caller's own (withdraw); review: others' to decide (approve, refuse). */
  scope: 'mine' | 'review';
  onWithdraw: (a: ApplicationItem) => void;
  onDecide: (a: ApplicationItem, decision: 'approve' | 'refuse') => void;
  /** The application being withdrawn now. */
  withdrawing: number | null;
}

const secondary = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;

/** Free text (up to 128 characters) wraps in a column of its own width instead of widening the table. */
const wrapped = (text: string) => (text ? <div style={{ minWidth: 120, maxWidth: 190, whiteSpace: 'normal' }}>{text}</div> : '-');

/** A time on two lines (date, then time): a narrow column. */
const twoLines = (iso: string | null) => {
  const [date, time] = formatDateTime(iso).split(' ');
  return (
    <div style={{ whiteSpace: 'nowrap' }}>
      <div>{date}</div>
      {time && secondary(time)}
    </div>
  );
};

/**
 * Columns of an application list, narrow enough for 1440 px without scrolling: what was asked
 * says its kind ("+100 core-hours", "job 123 → 2-00:00:00", "queue gpu"); the actions depend on
 * whose list it is and on canDecide.
 */
export const applicationsColumns = (t: TFunction<'applications'>, o: Options): TableColumnsType<ApplicationItem> => [
  { title: t('col.id'), dataIndex: 'applicationId' },
  {
    // Reviewers read whose it is under the account.
    title: o.scope === 'review' ? t('col.accountApplicant') : t('col.account'),
    key: 'account',
    render: (_, a) => (
      <>
        <div>{a.accountName || '-'}</div>
        {o.scope === 'review' && secondary(a.applicant)}
      </>
    ),
  },
  {
    title: t('col.asked'),
    key: 'asked',
    render: (_, a) => (
      <div style={{ whiteSpace: 'nowrap' }}>
        <div>{askedFor(t, a)}</div>
        {secondary(a.target ? t(`target.${a.target}`) : t(`kind.${a.kind}`))}
      </div>
    ),
  },
  {
    title: t('col.state'),
    key: 'state',
    render: (_, a) => (
      <>
        <ApplicationStateTag state={a.state} />
        {/* The applicant learns who decides while it waits. */}
        {a.state === 'Pending' && o.scope === 'mine' && <div>{secondary(t(`reviewer.${a.reviewer}`))}</div>}
        {a.state === 'Failed' && a.error && (
          <div style={{ maxWidth: 240, whiteSpace: 'normal' }}>
            <Typography.Text type="danger">{t('failedError', { error: a.error })}</Typography.Text>
          </div>
        )}
      </>
    ),
  },
  { title: t('col.reason'), dataIndex: 'reason', render: wrapped },
  {
    // The reviewer's remark, and who decided when.
    title: t('col.decision'),
    key: 'decision',
    render: (_, a) =>
      a.decidedBy ? (
        <div style={{ minWidth: 120, maxWidth: 190, whiteSpace: 'normal' }}>
          {a.remark && <div>{a.remark}</div>}
          {secondary(t('decidedBy', { by: a.decidedBy, at: formatDateTime(a.decidedAt) }))}
        </div>
      ) : (
        '-'
      ),
  },
  { title: t('col.createdAt'), dataIndex: 'createdAt', render: twoLines },
  {
    title: t('col.actions'),
    key: 'actions',
    fixed: 'right',
    render: (_, a) => (o.scope === 'mine' ? withdrawAction(t, o, a) : decideActions(t, o, a)),
  },
];

const withdrawAction = (t: TFunction<'applications'>, o: Options, a: ApplicationItem) =>
  a.state === 'Pending' ? (
    <Popconfirm
      title={t('withdraw.confirm', { id: a.applicationId })}
      onConfirm={() => o.onWithdraw(a)}
      okButtonProps={{ danger: true }}
    >
      <Button
        type="link"
        size="small"
        danger
        loading={o.withdrawing === a.applicationId}
        aria-label={t('withdraw.label', { id: a.applicationId })}
      >
        {t('withdraw.action')}
      </Button>
    </Popconfirm>
  ) : null;

const decideActions = (t: TFunction<'applications'>, o: Options, a: ApplicationItem) =>
  a.state === 'Pending' && a.canDecide ? (
    <Space size={0}>
      <Button
        type="link"
        size="small"
        onClick={() => o.onDecide(a, 'approve')}
        aria-label={t('decide.approveLabel', { id: a.applicationId })}
      >
        {t('decide.approve')}
      </Button>
      <Button
        type="link"
        size="small"
        danger
        onClick={() => o.onDecide(a, 'refuse')}
        aria-label={t('decide.refuseLabel', { id: a.applicationId })}
      >
        {t('decide.refuse')}
      </Button>
    </Space>
  ) : null;
