import { renameFile } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useFileMutation } from './use-file-mutation';

export const useRenameFile = (clusterId: string | undefined) =>
  useFileMutation((body: { from: string; to: string }) => api(renameFile, { body: { clusterId, ...body } }));
