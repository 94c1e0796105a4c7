import { useQuery } from '@tanstack/react-query';
import { alarmTemplatesMetrics, type AssetType } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** The indicators a resource type can have; the server refuses a type without any ('No configurable indicator'). */
export const useTemplateMetrics = (resourceType: AssetType | undefined, enabled = true) =>
  useQuery({
    queryKey: ['alarms', 'metrics', resourceType],
    queryFn: ({ signal }) => api(alarmTemplatesMetrics, { query: { resourceType: resourceType ?? 'SERVER' }, signal }),
    enabled: enabled && resourceType !== undefined,
    staleTime: 5 * 60_000,
  });
