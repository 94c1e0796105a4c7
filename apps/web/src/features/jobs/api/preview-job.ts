import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { previewJob, type BodyOf, type JobPreview } from '@portal/shared';
import { api } from '../../../lib/api-client';

export type PreviewJobInput = BodyOf<typeof previewJob>;

/**
 * What the job being filled in would use and when it would start (POST .../jobs/preview: submits
 * nothing). The previous answer stays in view while the next one loads; null: nothing to ask yet.
 */
export const useJobPreview = (body: PreviewJobInput | null) =>
  useQuery<JobPreview>({
    queryKey: ['jobs', 'preview', body],
    queryFn: ({ signal }) => (body ? api(previewJob, { body, signal }) : Promise.reject(new Error('no job to preview'))),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    retry: false,
  });
