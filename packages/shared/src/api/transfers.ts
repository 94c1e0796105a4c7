import { z } from 'zod';
import { defineContract } from '../contract.js';
import { Page } from '../envelope.js';
import { PagingInput, zInt } from '../input.js';
import { ClusterId, Timestamp } from './common.js';
import { FilePath } from './files.js';

/*
 * Across-center transfer (spec section 2, File Transfer > Across Center; shown only when the
 * transfer flag is '1'): the server copies files or folders from one configured cluster to
 * another as the same user, in the background. Both sides' paths are checked against the user's
 * allowed roots on their cluster.
 */

export const TRANSFER_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type TransferStateValue = (typeof TRANSFER_STATES)[number];

/** States a transfer never leaves. */
export const FINISHED_TRANSFER_STATES: readonly TransferStateValue[] = ['done', 'failed', 'cancelled'];

export const Transfer = z.object({
  id: z.number().int(),
  fromClusterId: z.string(),
  toClusterId: z.string(),
  /** Files or folders on the source cluster, absolute. */
  paths: z.array(z.string()),
  /** Folder on the target cluster they are copied into. */
  toPath: z.string(),
  state: z.enum(TRANSFER_STATES),
  /** Known once the sources have been walked (0 before). */
  bytesTotal: z.number().int(),
  bytesDone: z.number().int(),
  filesTotal: z.number().int(),
  filesDone: z.number().int(),
  /** Source path being copied while running. */
  currentFile: z.string().nullable(),
  /** Why it failed: an error reason (errors.reason.*), e.g. 'fileExists' or 'transferInterrupted'. */
  error: z.string().nullable(),
  createdAt: Timestamp,
  startedAt: Timestamp.nullable(),
  endedAt: Timestamp.nullable(),
});
export type Transfer = z.infer<typeof Transfer>;

const TransferParams = z.object({ id: zInt().pipe(z.number().int().min(1)) });

export const createTransfer = defineContract({
  id: 'transfers.create',
  method: 'POST',
  path: '/efile/api/transfers',
  permission: 'files:write',
  summary:
    'Copy files or folders to a folder on another cluster, in the background; refused when across-center transfer is off, or for the same or an unknown cluster',
  body: z.object({
    fromClusterId: ClusterId,
    paths: z.array(FilePath).min(1).max(1000),
    toClusterId: ClusterId,
    /** An existing folder on the target cluster. */
    toPath: FilePath,
  }),
  data: Transfer,
});

export const listTransfers = defineContract({
  id: 'transfers.list',
  method: 'GET',
  path: '/efile/api/transfers',
  permission: 'files:read',
  summary: "The user's across-center transfers, newest first, one page",
  query: PagingInput,
  data: Page(Transfer),
});

export const getTransfer = defineContract({
  id: 'transfers.get',
  method: 'GET',
  path: '/efile/api/transfers/:id',
  permission: 'files:read',
  summary: 'One transfer of the user, with its progress',
  params: TransferParams,
  data: Transfer,
});

export const cancelTransfer = defineContract({
  id: 'transfers.cancel',
  method: 'POST',
  path: '/efile/api/transfers/:id/cancel',
  permission: 'files:write',
  summary: 'Stop a queued or running transfer (the file being copied is removed); a finished one is left as it is',
  params: TransferParams,
  data: Transfer,
});
