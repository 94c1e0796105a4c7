import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createReportFile, deleteReportFile, downloadReportFile, listReportFiles, type ReportFileRequest } from '@portal/shared';
import type { z } from 'zod';
import { api, contractUrl } from '../../../lib/api-client';
import { anyPending, REPORT_FILES_POLL_MS } from '../files/report-file-state';

/** Files shown in the list: the server keeps at most 20 per user. */
const REPORT_FILES_PAGE_SIZE = 50;

export const reportFilesQuery = () =>
  queryOptions({
    queryKey: ['reportFiles', 'list'],
    queryFn: ({ signal }) => api(listReportFiles, { query: { pageStart: 0, pageLimit: REPORT_FILES_PAGE_SIZE }, signal }),
    // Read again while any is queued or being written; quiet once all have finished.
    refetchInterval: (q) => (anyPending(q.state.data?.list ?? []) ? REPORT_FILES_POLL_MS : false),
  });

/** The caller's report files, newest first (reportFiles.list). */
export const useReportFiles = (enabled = true) => useQuery({ ...reportFilesQuery(), enabled });

/** Queues a usage report file (reportFiles.create). */
export const useCreateReportFile = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof ReportFileRequest>) => api(createReportFile, { body }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['reportFiles'] }),
  });
};

export const useDeleteReportFile = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(deleteReportFile, { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['reportFiles'] }),
  });
};

/** The file's address: a plain link, so a large file streams to disk instead of into the page. */
export const reportFileUrl = (id: number) => contractUrl(downloadReportFile, { params: { id } });
