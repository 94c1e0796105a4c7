import { copyFiles, moveFiles } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useFileMutation } from './use-file-mutation';

export type TransferMode = 'copy' | 'move';

/** Copies or moves entries into a folder (files.copy / files.move). */
export const useTransferFiles = (clusterId: string | undefined) =>
  useFileMutation(({ mode, paths, to }: { mode: TransferMode; paths: string[]; to: string }) =>
    api(mode === 'copy' ? copyFiles : moveFiles, { body: { clusterId, paths, to } }),
  );
