import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  alarmAggregationCreate,
  alarmAggregationDelete,
  alarmAggregationDeleteCheck,
  alarmAggregationList,
  alarmAggregationMetrics,
  alarmAggregationModify,
  alarmAggregationSort,
  type AggregateRule,
  type AggregateRuleInput,
  type AssetType,
} from '@portal/shared';
import { api } from '../../../lib/api-client';
import { reorderRules } from '../components/aggregation-rule-model';
import { useAlarmsMutation } from './use-alarms-mutation';

/*
 * Aggregate rules (issue 16, docs/alarms.md "Aggregation"): the rules in scan order, the metrics a
 * rule can take, adding, changing, deleting and sorting them, and what deleting or disabling would
 * remove. A change reads every alarm query again: it changes the aggregated alarms too.
 */

const LIST_KEY = ['alarms', 'aggregation', 'list'] as const;

export const aggregationRulesQuery = () =>
  queryOptions({
    queryKey: LIST_KEY,
    queryFn: ({ signal }) => api(alarmAggregationList, { signal }),
  });

export const useAggregationRules = () => useQuery(aggregationRulesQuery());

/** The alarm metrics a rule can take, of one asset type when one is chosen. */
export const useAggregationMetrics = (resourceType: AssetType | undefined) =>
  useQuery({
    queryKey: ['alarms', 'aggregation', 'metrics', resourceType ?? null],
    queryFn: ({ signal }) => api(alarmAggregationMetrics, { query: resourceType ? { resourceType } : {}, signal }),
    staleTime: 5 * 60_000,
  });

/** Adds a rule (no id; it goes last in the scan order) or changes one (not its name). */
export const useSaveAggregationRule = () =>
  useAlarmsMutation(({ id, body }: { id: number | null; body: AggregateRuleInput }) =>
    id === null ? api(alarmAggregationCreate, { body }) : api(alarmAggregationModify, { body: { ...body, id } }),
  );

/** Removes rules and the real-time aggregated alarms they made; the API takes their ids comma-separated. */
export const useDeleteAggregationRules = () =>
  useAlarmsMutation((ids: readonly number[]) => api(alarmAggregationDelete, { query: { ids: ids.join(',') } }));

/** How many real-time aggregated alarms deleting or disabling the rules would remove. */
export const aggregatedAlarmsOf = async (ids: readonly number[]): Promise<number> =>
  (await api(alarmAggregationDeleteCheck, { query: { ids: ids.join(',') } })).openAlarms;

/**
 * Sets the scan order (every rule id once). The list shows the new order at once and goes back to
 * the old one when the server refuses it.
 */
export const useSortAggregationRules = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => api(alarmAggregationSort, { body: { ids: [...ids] } }),
    onMutate: async (ids) => {
      await qc.cancelQueries({ queryKey: LIST_KEY });
      const before = qc.getQueryData<{ list: AggregateRule[] }>(LIST_KEY);
      if (before) qc.setQueryData(LIST_KEY, { list: reorderRules(before.list, ids) });
      return { before };
    },
    onError: (_e, _ids, context) => {
      if (context?.before) qc.setQueryData(LIST_KEY, context.before);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ['alarms'] }),
  });
};
