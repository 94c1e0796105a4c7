import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobNoticesGetSubscription } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const jobNoticeSubscriptionQuery = () =>
  queryOptions({ queryKey: ['jobNotices', 'subscription'], queryFn: () => api(jobNoticesGetSubscription) });

export const useJobNoticeSubscription = (enabled: boolean) => useQuery({ ...jobNoticeSubscriptionQuery(), enabled });
