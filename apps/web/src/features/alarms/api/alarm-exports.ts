import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addAlarmExportTask,
  downloadAlarmExport,
  listAlarmExportTasks,
  removeAlarmExportTask,
  type AlarmExportRequest,
} from '@portal/shared';
import { anyPending, FILE_TASKS_POLL_MS } from '../../../components/file-tasks/file-task-state';
import { api, contractUrl } from '../../../lib/api-client';

/* Alarm exports (issue 16): the caller's export tasks, read again while one is queued or running. */

/** Tasks shown: the server keeps at most 20 per user. */
const PAGE_SIZE = 50;

export const alarmExportsQuery = () =>
  queryOptions({
    queryKey: ['alarmExports', 'list'],
    queryFn: ({ signal }) => api(listAlarmExportTasks, { query: { pageStart: 0, pageLimit: PAGE_SIZE }, signal }),
    refetchInterval: (q) => (anyPending(q.state.data?.list ?? []) ? FILE_TASKS_POLL_MS : false),
  });

export const useAlarmExports = (enabled = true) => useQuery({ ...alarmExportsQuery(), enabled });

/** Queues an export of the alarm list (alarmExports.addTask). */
export const useAddAlarmExport = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AlarmExportRequest) => api(addAlarmExportTask, { body }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['alarmExports'] }),
  });
};

export const useRemoveAlarmExport = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(removeAlarmExportTask, { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['alarmExports'] }),
  });
};

/** The file's address: a plain link, so a large file streams to disk instead of into the page. */
export const alarmExportUrl = (id: number) => contractUrl(downloadAlarmExport, { params: { id } });
