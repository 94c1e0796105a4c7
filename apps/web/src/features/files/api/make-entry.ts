import { makeFile, makeFolder } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useFileMutation } from './use-file-mutation';

export interface NewEntry {
  kind: 'folder' | 'file';
  path: string;
  name: string;
}

/** Creates an empty folder or file (files.mkdir / files.touch). */
export const useMakeEntry = (clusterId: string | undefined) =>
  useFileMutation(({ kind, path, name }: NewEntry) =>
    api(kind === 'folder' ? makeFolder : makeFile, { body: { clusterId, path, name } }),
  );
