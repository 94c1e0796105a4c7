import { deleteFiles } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useFileMutation } from './use-file-mutation';

export const useDeleteFiles = (clusterId: string | undefined) =>
  useFileMutation((paths: string[]) => api(deleteFiles, { body: { clusterId, paths } }));
