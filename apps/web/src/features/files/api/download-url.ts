import { downloadFiles } from '@portal/shared';
import { contractUrl } from '../../../lib/api-client';

/** The address of a file (streamed) or a folder (a .tar.gz); `inline` shows an image in the page. */
export const downloadUrl = (clusterId: string | undefined, path: string, inline = false) =>
  contractUrl(downloadFiles, { query: inline ? { clusterId, path, inline: true } : { clusterId, path } });
