import { App } from 'antd';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { JobNotice } from '@portal/shared';
import { historyDetailsPath } from '../../../lib/job-links';
import { useCan, useSession } from '../../../lib/session';
import { fetchRecentJobNotices } from '../api/recent';
import { advance, noticeKey, savedCursor, startCursor } from '../notice-cursor';

const TYPE = { completed: 'success', failed: 'error', timeout: 'warning', cancelled: 'info' } as const;

/** The exit code alone of the scheduler's "code:signal". */
const exitOf = (exitCode: string) => exitCode.split(':')[0] ?? exitCode;

/**
 * Toasts the signed-in user's jobs that ended (docs/alarms.md "Job-end notices"): reads `recent`
 * once per refresh interval, each job once (notice-cursor.ts). Mounted once, in the console frame.
 */
export const JobEndToasts = () => {
  const { t } = useTranslation('job-notices');
  const { refreshMs } = useSession();
  const can = useCan();
  const allowed = can('jobs:read');
  const { notification } = App.useApp();

  const show = useEffectEvent((n: JobNotice) => {
    notification.open({
      key: `job-end:${noticeKey(n)}`,
      type: TYPE[n.state],
      title: t(`toast.${n.state}`, { jobId: n.jobId, name: n.name, exit: exitOf(n.exitCode) }),
      description: <Link to={historyDetailsPath(n)}>{t('toast.details')}</Link>,
      duration: 10,
    });
  });

  useEffect(() => {
    if (!allowed) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (!savedCursor.get()) savedCursor.set(startCursor(Date.now()));
    const poll = async () => {
      const cursor = savedCursor.get() ?? startCursor(Date.now());
      try {
        const { fresh, next } = advance(cursor, await fetchRecentJobNotices(cursor.since));
        if (stopped) return;
        savedCursor.set(next);
        fresh.forEach(show);
      } catch {
        // Tried again next interval; a lost session is handled where every call's is.
      }
      if (!stopped) timer = setTimeout(() => void poll(), refreshMs);
    };
    timer = setTimeout(() => void poll(), refreshMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [allowed, refreshMs]);

  return null;
};
