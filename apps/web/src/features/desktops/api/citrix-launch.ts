import { useMutation } from '@tanstack/react-query';
import { launchCitrixDesktop, type CitrixResource } from '@portal/shared';
import { contractUrl, downloadFile } from '../../../lib/api-client';

/**
 * Launches a Citrix desktop or application: the browser downloads its ICA file (named after it by
 * the server), which Citrix Workspace app opens. Answers the file's name.
 */
export const useCitrixLaunch = () =>
  useMutation({
    mutationFn: (resource: CitrixResource) => downloadFile(contractUrl(launchCitrixDesktop, { query: { id: resource.id } })),
  });
