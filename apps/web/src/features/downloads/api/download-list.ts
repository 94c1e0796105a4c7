import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { listDownloads, uploadTool, type DownloadEntry } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';

export const downloadListQuery = () =>
  queryOptions({ queryKey: ['downloads', 'list'], queryFn: () => api(listDownloads), staleTime: 0 });

/** Which client tools and FAQ files are on the portal, so missing ones are said before a click. */
export const useDownloadList = (enabled: boolean) => useQuery({ ...downloadListQuery(), enabled });

/** An administrator puts a tool (or the FAQ) on the portal; the list then shows it installed. */
export const useUploadDownload = () => {
  const { message } = App.useApp();
  const { t } = useTranslation('downloads');
  const errorText = useErrorText();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entry, file }: { entry: Pick<DownloadEntry, 'kind' | 'name'>; file: Blob }) =>
      api(uploadTool, { params: { kind: entry.kind, name: entry.name }, file }),
    onSuccess: (entry) => {
      void message.success(t('download.uploaded', { name: entry.name }));
      return client.invalidateQueries({ queryKey: ['downloads'] });
    },
    onError: (err) => void message.error(errorText(err)),
  });
};
