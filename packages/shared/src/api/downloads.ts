import { z } from 'zod';
import { defineContract } from '../contract.js';

/** The download-tools dialog's files (spec section 7 "Main page"). */
export const SOFTWARE_NAMES = ['VncViewer.zip', 'install_citrixreceiver.rar', 'install_winscp_putty.rar'] as const;

const DownloadResult = z.object({ success: z.boolean(), path: z.string() });

export const softwareDownload = defineContract({
  id: 'downloads.softwareDownload',
  method: 'POST',
  path: '/commonsoft/softwaremanagement/softwareDownload.action',
  permission: 'session',
  summary: 'Where to download a client tool; errors when the file is not installed',
  body: z.object({ softwareName: z.enum(SOFTWARE_NAMES) }),
  data: DownloadResult,
  audit: false,
  csrf: false,
});

export const faqDownload = defineContract({
  id: 'downloads.faqDownload',
  method: 'POST',
  path: '/commonsoft/faqmanagement/faqDownload.action',
  permission: 'downloads:faq',
  summary: 'Where to download an FAQ document',
  body: z.object({
    faqName: z
      .string()
      .min(1)
      .max(128)
      .regex(/^[^/\\]+$/)
      .optional()
      .default('FAQ.pdf'),
  }),
  data: DownloadResult,
  audit: false,
  csrf: false,
});

export const DownloadFileParams = z.object({
  kind: z.enum(['software', 'faq']),
  name: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[^/\\]+$/),
});
export const downloadFile = defineContract({
  id: 'downloads.downloadFile',
  method: 'GET',
  path: '/commonsoft/download/:kind/:name',
  permission: 'session',
  summary: 'The file itself',
  params: DownloadFileParams,
  data: z.string(),
  response: 'file',
});

/** The FAQ document's file name (faqDownload's default). */
export const FAQ_NAME = 'FAQ.pdf';

/** The files an administrator may put on the portal: the dialog's tools and the FAQ, nothing else. */
export const DOWNLOAD_FILES = [
  ...SOFTWARE_NAMES.map((name) => ({ kind: 'software' as const, name })),
  { kind: 'faq' as const, name: FAQ_NAME },
];

/** The largest file an administrator may upload (installers are tens to hundreds of MB). */
export const DOWNLOAD_UPLOAD_MAX_BYTES = 1024 * 1024 * 1024;

export const DownloadEntry = z.object({
  kind: z.enum(['software', 'faq']),
  name: z.string(),
  installed: z.boolean(),
  /** Bytes; 0 when not installed. */
  size: z.number().int().nonnegative(),
  updatedAt: z.string().nullable(),
});
export type DownloadEntry = z.infer<typeof DownloadEntry>;

export const listDownloads = defineContract({
  id: 'downloads.listDownloads',
  method: 'GET',
  path: '/commonsoft/softwaremanagement/listDownloads.action',
  permission: 'session',
  summary: 'Which client tools and FAQ files are installed on the portal',
  data: z.array(DownloadEntry),
});

export const uploadTool = defineContract({
  id: 'downloads.uploadTool',
  method: 'PUT',
  path: '/commonsoft/softwaremanagement/upload/:kind/:name',
  permission: 'downloads:manage',
  summary:
    'Put a client tool or the FAQ on the portal (the request body is the file, application/octet-stream); replaces an older one',
  params: z
    .object({ kind: z.enum(['software', 'faq']), name: z.string().min(1).max(128) })
    .refine((p) => DOWNLOAD_FILES.some((f) => f.kind === p.kind && f.name === p.name), {
      message: 'not one of the files the download dialogs offer',
      path: ['name'],
    }),
  data: DownloadEntry,
});
