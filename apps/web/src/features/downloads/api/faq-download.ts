import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { faqDownload } from '@portal/shared';
import { api, downloadFile } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';

export const useDownloadFaq = () => {
  const { message } = App.useApp();
  const errorText = useErrorText();
  return useMutation({
    mutationFn: async () => {
      const { path } = await api(faqDownload, { body: {} });
      return downloadFile(path);
    },
    onError: (err) => void message.error(errorText(err)),
  });
};
