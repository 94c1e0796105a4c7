// The console opens E-File from the header and from other features (a job's folder): it lives in lib.
export { efileWindowUrl, useOpenFileManager, type FileManagerStart } from '../../../lib/open-file-manager';
