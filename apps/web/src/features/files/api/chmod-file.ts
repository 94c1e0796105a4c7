import { chmodFile } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useFileMutation } from './use-file-mutation';

export const useChmodFile = (clusterId: string | undefined) =>
  useFileMutation((body: { path: string; mode: string }) => api(chmodFile, { body: { clusterId, ...body } }));
