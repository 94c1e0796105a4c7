import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alarmsConfirm, alarmsUnconfirm } from '@portal/shared';
import { api } from '../../../lib/api-client';

export type ConfirmAction = 'confirm' | 'unconfirm';

export interface ConfirmRequest {
  action: ConfirmAction;
  ids: readonly number[];
  remark: string;
}

/**
 * Confirms alarms, or takes their confirmation back, with a remark (kept in the confirmation log);
 * the lists, the counts and the details are read again.
 */
export const useConfirmAlarms = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ids, remark }: ConfirmRequest) =>
      api(action === 'confirm' ? alarmsConfirm : alarmsUnconfirm, { body: { ids: [...ids], remark: remark.trim() } }),
    onSuccess: () =>
      Promise.all((['list', 'severityCount', 'details'] as const).map((k) => qc.invalidateQueries({ queryKey: ['alarms', k] }))),
  });
};
