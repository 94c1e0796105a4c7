import { deleteFiles } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useFileMutation } from './use-file-mutation';

export const useDeleteFiles = () => useFileMutation((paths: string[]) => api(deleteFiles, { body: { paths } }));
