import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { exportKey } from '@portal/shared';
import { contractUrl, downloadFile } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';

/** Downloads the user's private key (spec: /pageframe/main/exportKey.action), as OpenSSH or PuTTY .ppk. */
export const useDownloadPrivateKey = () => {
  const { message } = App.useApp();
  const errorText = useErrorText();
  return useMutation({
    mutationFn: (format: 'openssh' | 'ppk' = 'openssh') =>
      downloadFile(contractUrl(exportKey, format === 'ppk' ? { query: { format } } : {})),
    onError: (err) => void message.error(errorText(err)),
  });
};
