import { alarmTemplatesDelete } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useAlarmsMutation } from './use-alarms-mutation';

/** Removes templates; the API takes their ids comma-separated. */
export const useDeleteTemplates = () =>
  useAlarmsMutation((ids: readonly number[]) => api(alarmTemplatesDelete, { query: { ids: ids.join(',') } }));
