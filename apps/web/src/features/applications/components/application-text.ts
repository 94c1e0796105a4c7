import type { TFunction } from 'i18next';
import { formatQueueTime, type ApplicationItem } from '@portal/shared';

/** What an application asks for, in a few words: "+100 core-hours", "job 123 → 2-00:00:00", "queue gpu". */
export const askedFor = (t: TFunction<'applications'>, a: ApplicationItem): string => {
  switch (a.kind) {
    case 'coreHours':
      return t('asked.coreHours', { hours: a.hours ?? 0 });
    case 'cardHours':
      return t('asked.cardHours', { hours: a.hours ?? 0 });
    case 'wallTime':
      return t('asked.wallTime', { job: a.jobId ?? '', time: a.timeLimit === null ? '-' : formatQueueTime(a.timeLimit) });
    case 'queueAccess':
      return t('asked.queueAccess', { queue: a.queue ?? '' });
  }
};
