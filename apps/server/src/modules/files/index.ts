/* What other modules may use of the file service: its service, error mapping and path rules. */
export { toAppError, viaFiles } from './file-errors.js';
export type { FilesService, Opened } from './files.service.js';
export { expandRoots, PathGuard } from './paths.js';
