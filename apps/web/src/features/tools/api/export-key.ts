import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { exportKey } from '@portal/shared';
import { contractUrl, downloadFile } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';

/** Downloads the user's private key (spec: /pageframe/main/exportKey.action). */
export const useDownloadPrivateKey = () => {
  const { message } = App.useApp();
  const errorText = useErrorText();
  return useMutation({
    mutationFn: () => downloadFile(contractUrl(exportKey)),
    onError: (err) => void message.error(errorText(err)),
  });
};
