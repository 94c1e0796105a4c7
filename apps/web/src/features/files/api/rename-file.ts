import { renameFile } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useFileMutation } from './use-file-mutation';

export const useRenameFile = () => useFileMutation((body: { from: string; to: string }) => api(renameFile, { body }));
