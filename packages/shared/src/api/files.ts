// Over 300 lines on purpose: every endpoint of the file service, one area, one file (docs/architecture.md,
// "One word per area"); its request and answer schemas sit beside the contracts that use them.
import { z } from 'zod';
import { defineContract } from '../contract.js';
import { Page } from '../envelope.js';
import { PagingInput, zBool, zInt, zOptionalText } from '../input.js';
import { Ok, OptionalClusterId, Timestamp } from './common.js';

/*
 * The file service (E-File, spec sections 1, 2 and 5). The spec names no paths for it; these
 * follow the style of its REST calls under /efile/api. Every path is absolute on the cluster and
 * is checked on the server against the user's allowed roots.
 */

/** An absolute POSIX path: no NUL, at most 4096 bytes. */
export const FilePath = z
  .string()
  .min(1)
  .max(4096)
  .regex(/^\/[^\0]*$/, 'expected an absolute path');

/** One name inside a folder: no slash, not . or .. */
export const FileName = z
  .string()
  .min(1)
  .max(255)
  .regex(/^(?!\.{1,2}$)[^/\0]+$/, 'not a valid file name');

const clusterId = OptionalClusterId;

export const FILE_KINDS = ['file', 'dir', 'link', 'other'] as const;

export const FileEntry = z.object({
  name: z.string(),
  /** Absolute path. */
  path: z.string(),
  kind: z.enum(FILE_KINDS),
  /** For a link: what it points at when that can be read ('file', 'dir' or null if broken). */
  targetKind: z.enum(FILE_KINDS).nullable(),
  size: z.number().int(),
  mtime: Timestamp,
  /** Permission bits as octal text, e.g. '755'. */
  mode: z.string(),
  /** ls-style, e.g. 'drwxr-xr-x'. */
  permissions: z.string(),
  owner: z.string(),
  group: z.string(),
});
export type FileEntry = z.infer<typeof FileEntry>;

export const FILE_SORTS = ['name', 'size', 'mtime', 'kind'] as const;

export const ListFilesQuery = PagingInput.extend({
  clusterId,
  /** Default: the user's home folder. */
  path: FilePath.optional(),
  sort: z.enum(FILE_SORTS).optional().default('name'),
  order: z.enum(['asc', 'desc']).optional().default('asc'),
  showHidden: zBool().optional().default(false),
  /** Only names containing this text (case-insensitive), in this folder. */
  filter: zOptionalText(z.string().max(255)),
});

export const listFiles = defineContract({
  id: 'files.list',
  method: 'GET',
  path: '/efile/api/files',
  permission: 'files:read',
  summary: 'A folder, one page of it: folders first, then sorted; hidden entries only when asked',
  query: ListFilesQuery,
  data: Page(FileEntry).extend({
    /** The folder listed, canonical. */
    path: z.string(),
    home: z.string(),
    /** The roots the user may browse (home first). */
    roots: z.array(z.string()),
  }),
});

export const searchFiles = defineContract({
  id: 'files.search',
  method: 'GET',
  path: '/efile/api/files/search',
  permission: 'files:read',
  summary: 'Names containing a text below a folder, recursively (at most `limit`)',
  query: z.object({
    clusterId,
    path: FilePath,
    text: z.string().min(1).max(255),
    limit: zInt().pipe(z.number().int().min(1).max(1000)).optional().default(200),
  }),
  data: z.object({ list: z.array(z.string()), truncated: z.boolean() }),
});

const NewEntryBody = z.object({ clusterId, path: FilePath, name: FileName });
const IntoFolderBody = z.object({ clusterId, paths: z.array(FilePath).min(1).max(1000), to: FilePath });

export const makeFolder = defineContract({
  id: 'files.mkdir',
  method: 'POST',
  path: '/efile/api/files/mkdir',
  permission: 'files:write',
  summary: 'Create a folder in a folder',
  body: NewEntryBody,
  data: Ok,
});

export const makeFile = defineContract({
  id: 'files.touch',
  method: 'POST',
  path: '/efile/api/files/touch',
  permission: 'files:write',
  summary: 'Create an empty file in a folder',
  body: NewEntryBody,
  data: Ok,
});

export const renameFile = defineContract({
  id: 'files.rename',
  method: 'POST',
  path: '/efile/api/files/rename',
  permission: 'files:write',
  summary: 'Rename or move a file or folder; an existing target is not replaced',
  body: z.object({ clusterId, from: FilePath, to: FilePath }),
  data: Ok,
});

export const copyFiles = defineContract({
  id: 'files.copy',
  method: 'POST',
  path: '/efile/api/files/copy',
  permission: 'files:write',
  summary: 'Copy files or folders into a folder',
  body: IntoFolderBody,
  data: Ok,
});

export const moveFiles = defineContract({
  id: 'files.move',
  method: 'POST',
  path: '/efile/api/files/move',
  permission: 'files:write',
  summary: 'Move files or folders into a folder',
  body: IntoFolderBody,
  data: Ok,
});

export const deleteFiles = defineContract({
  id: 'files.delete',
  method: 'POST',
  path: '/efile/api/files/delete',
  permission: 'files:write',
  summary: 'Delete files or folders (folders with everything in them)',
  body: z.object({ clusterId, paths: z.array(FilePath).min(1).max(1000) }),
  data: Ok,
});

export const chmodFile = defineContract({
  id: 'files.chmod',
  method: 'POST',
  path: '/efile/api/files/chmod',
  permission: 'files:write',
  summary: 'Change permission bits (octal, e.g. 755)',
  body: z.object({
    clusterId,
    path: FilePath,
    mode: z.string().regex(/^[0-7]{3,4}$/, 'expected octal permissions such as 755'),
  }),
  data: Ok,
});

/** Text files larger than this are not opened in the editor (spec section 8's text). */
export const TEXT_EDIT_MAX_BYTES = 1024 * 1024;

export const readTextFile = defineContract({
  id: 'files.readText',
  method: 'GET',
  path: '/efile/api/files/text',
  permission: 'files:read',
  summary: "A text file's content for the editor; refused above the size guard",
  query: z.object({ clusterId, path: FilePath }),
  data: z.object({ content: z.string(), size: z.number().int(), mtime: Timestamp }),
});

export const writeTextFile = defineContract({
  id: 'files.writeText',
  method: 'POST',
  path: '/efile/api/files/text',
  permission: 'files:write',
  summary: 'Save a text file; refused when it changed since `mtime` (when given)',
  body: z.object({
    clusterId,
    path: FilePath,
    content: z.string().max(TEXT_EDIT_MAX_BYTES),
    mtime: zOptionalText(Timestamp),
  }),
  data: z.object({ size: z.number().int(), mtime: Timestamp }),
});

export const downloadFiles = defineContract({
  id: 'files.download',
  method: 'GET',
  path: '/efile/api/files/download',
  permission: 'files:read',
  summary: 'A file (streamed, HTTP Range supported) or a folder (streamed .tar.gz); `inline` shows images in the browser',
  query: z.object({ clusterId, path: FilePath, inline: zBool().optional().default(false) }),
  data: z.string(),
  response: 'file',
});

/** Chunk size the browser sends an upload in; the server accepts any size up to the maximum. */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;
export const UPLOAD_CHUNK_MAX_BYTES = 64 * 1024 * 1024;
/** Above this the page advises WinSCP first (spec section 5). */
export const LARGE_FILE_BYTES = 2 * 1024 * 1024 * 1024;

export const UploadState = z.object({
  uploadId: z.string(),
  path: z.string(),
  size: z.number().int(),
  /** Bytes received so far: the next chunk starts here. */
  offset: z.number().int(),
  done: z.boolean(),
});
export type UploadState = z.infer<typeof UploadState>;

export const startUpload = defineContract({
  id: 'files.uploadStart',
  method: 'POST',
  path: '/efile/api/uploads',
  permission: 'files:write',
  summary:
    'Begin (or resume: same folder, name and size) an upload; chunks follow with PATCH. The file appears under its name only when complete',
  body: z.object({
    clusterId,
    /** Target folder. */
    path: FilePath,
    name: FileName,
    size: z.number().int().min(0),
    overwrite: z.boolean().optional().default(false),
  }),
  data: UploadState,
});

const UploadParams = z.object({ uploadId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

export const uploadStatus = defineContract({
  id: 'files.uploadStatus',
  method: 'GET',
  path: '/efile/api/uploads/:uploadId',
  permission: 'files:write',
  summary: 'How much of an upload has arrived (to resume after a dropped connection)',
  params: UploadParams,
  data: UploadState,
});

/**
 * The chunk itself is the raw request body (application/offset+octet-stream), written at the
 * offset given in the `Upload-Offset` header, which must equal the bytes received so far.
 */
export const uploadChunk = defineContract({
  id: 'files.uploadChunk',
  method: 'PATCH',
  path: '/efile/api/uploads/:uploadId',
  permission: 'files:write',
  summary: 'Append a chunk at the `Upload-Offset` header; the last chunk moves the file into place',
  params: UploadParams,
  data: UploadState,
  audit: false,
});

export const cancelUpload = defineContract({
  id: 'files.uploadCancel',
  method: 'DELETE',
  path: '/efile/api/uploads/:uploadId',
  permission: 'files:write',
  summary: 'Abandon an upload and remove what arrived',
  params: UploadParams,
  data: Ok,
});

/** Spec section 7: a token for the file service window. */
export const createUserAuthToken = defineContract({
  id: 'files.createUserAuthToken',
  method: 'POST',
  path: '/login/createUserAuthToken.action',
  permission: 'files:read',
  summary: 'A short-lived, single-use token that signs the file service window in as this user',
  data: z.object({ token: z.string() }),
});

export const redeemUserAuthToken = defineContract({
  id: 'files.redeemToken',
  method: 'POST',
  path: '/efile/api/session',
  permission: 'public',
  summary: 'Trade a token from createUserAuthToken for a session in the file service window',
  body: z.object({ token: z.string().min(16).max(128) }),
  data: z.object({ userName: z.string() }),
  csrf: false,
});

export const getEfileUrl = defineContract({
  id: 'files.getEfileUrl',
  method: 'GET',
  path: '/pageframe/main/getEfileUrl.action',
  permission: 'files:read',
  summary: 'Address of the file service (the built-in one unless ui.efileUrl names another)',
  data: z.string(),
});
