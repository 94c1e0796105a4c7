import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { softwareDownload, type SOFTWARE_NAMES } from '@portal/shared';
import { api, downloadFile } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';

export type SoftwareName = (typeof SOFTWARE_NAMES)[number];

/** Asks where the tool is, then downloads it; a missing file shows "file not exist". */
export const useDownloadSoftware = () => {
  const { message } = App.useApp();
  const errorText = useErrorText();
  return useMutation({
    mutationFn: async (softwareName: SoftwareName) => {
      const { path } = await api(softwareDownload, { body: { softwareName } });
      return downloadFile(path, softwareName);
    },
    onError: (err) => void message.error(errorText(err)),
  });
};
