import { chmodFile } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useFileMutation } from './use-file-mutation';

export const useChmodFile = () => useFileMutation((body: { path: string; mode: string }) => api(chmodFile, { body }));
