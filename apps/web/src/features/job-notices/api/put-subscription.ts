import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobNoticesPutSubscription, type JobNoticeSubscription } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { jobNoticeSubscriptionQuery } from './get-subscription';

export const usePutJobNoticeSubscription = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: JobNoticeSubscription) => api(jobNoticesPutSubscription, { body }),
    onSuccess: (saved) => qc.setQueryData(jobNoticeSubscriptionQuery().queryKey, saved),
  });
};
