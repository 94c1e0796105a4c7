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
