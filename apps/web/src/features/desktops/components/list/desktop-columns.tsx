import { Space, Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { DesktopSession } from '@portal/shared';
import { formatDateTime } from '../../../../lib/format';
import { currentDetailsPath } from '../../../../lib/job-links';
import { displayNumber } from '../../lib/desktop-rows';
import { DesktopActions, type DesktopActionHandlers } from './DesktopActions';
import { DesktopStateTag } from './DesktopStateTag';

const secondary = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;

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

const names = (list: string[]) => (list.length ? list.join(', ') : '-');

/** A job desktop's job, leading to the job's details (queued, running or ended there). */
const jobOf = (t: TFunction<'desktops'>, s: DesktopSession) =>
  s.jobId && (
    <Typography.Text type="secondary">
      {t('jobLabel')}{' '}
      <Link to={currentDetailsPath({ jobId: s.jobId, clusterId: s.clusterId })} data-testid="desktop-job">
        {s.jobId}
      </Link>
      {s.queue && ` · ${s.queue}`}
    </Typography.Text>
  );

/**
 * Every field of a desktop session (spec section 3), then the row's actions; `appName` gives an
 * application's name in the page's language.
 */
export const desktopColumns = (
  t: TFunction<'desktops'>,
  h: DesktopActionHandlers,
  appName: (id: string) => string,
): TableColumnsType<DesktopSession> => [
  { title: t('col.name'), dataIndex: 'sessionName' },
  { title: t('col.number'), dataIndex: 'sessionNumber', render: displayNumber },
  { title: t('col.owner'), dataIndex: 'owner' },
  {
    title: t('col.type'),
    key: 'type',
    render: (_, s) => (
      <>
        <div>{t(`type.${s.sessionType}`)}</div>
        {jobOf(t, s)}
      </>
    ),
  },
  { title: t('col.resolution'), dataIndex: 'resolution' },
  {
    title: t('col.nodes'),
    key: 'nodes',
    render: (_, s) => (
      <>
        <div>{s.nodes || '-'}</div>
        {secondary(s.clusterName)}
      </>
    ),
  },
  { title: t('col.createdTime'), dataIndex: 'createdTime', render: twoLines },
  { title: t('col.sharer'), dataIndex: 'sharer', render: (sharer: string | null) => sharer ?? '-' },
  {
    title: t('col.shares'),
    key: 'shares',
    render: (_, s) =>
      s.shareUsers.length ? (
        <Space size={[0, 4]} wrap style={{ maxWidth: 220 }}>
          {s.shareUsers.map((u) => (
            <Tag key={u.userName}>
              {u.userName} · {t(`viewMode.${u.viewMode}`)}
            </Tag>
          ))}
        </Space>
      ) : (
        '-'
      ),
  },
  { title: t('col.app'), dataIndex: 'appName', render: (app: string | null) => (app ? appName(app) : '-') },
  { title: t('col.viewMode'), dataIndex: 'viewMode', render: (mode: DesktopSession['viewMode']) => t(`viewMode.${mode}`) },
  {
    title: t('col.state'),
    key: 'state',
    render: (_, s) => (
      <>
        <DesktopStateTag state={s.state} queued={s.state === 'starting' && s.sessionType === 'job'} />
        {s.endReason && (
          <div style={{ maxWidth: 200, whiteSpace: 'normal' }}>
            {secondary(t(`endReason.${s.endReason}`))}
            {s.endedTime && <div>{secondary(t('endedAt', { time: formatDateTime(s.endedTime) }))}</div>}
          </div>
        )}
      </>
    ),
  },
  { title: t('col.connected'), dataIndex: 'connected', render: names },
  { title: t('col.actions'), key: 'actions', fixed: 'right', render: (_, s) => <DesktopActions s={s} h={h} /> },
];
