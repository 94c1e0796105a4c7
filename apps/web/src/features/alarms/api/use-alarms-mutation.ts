import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A change to the threshold templates: the list, the resources' holders and a template's resources are read again. */
export const useAlarmsMutation = <V, R = unknown>(fn: (v: V) => Promise<R>) => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: ['alarms'] }) });
};
