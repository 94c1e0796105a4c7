import { ErrCode, SystemAuditAction, type ErrReasonValue } from '@portal/shared';
import { FileAccessError, SshUnavailableError, type FileErrorReason } from '../../cluster/access/types.js';
import { AppError } from '../../lib/app-error.js';
import { OutsideRootsError } from './paths.js';

type Code = Exclude<(typeof ErrCode)[keyof typeof ErrCode], 0>;

/** How each reason of the access layer reaches the user: code, reason, status and the text (outsideRoots: below). */
const BY_REASON: Record<Exclude<FileErrorReason, 'outsideRoots'>, [Code, ErrReasonValue, number, string]> = {
  notFound: [ErrCode.PARAM_INVALID, 'fileNotExist', 404, 'file not exist'],
  exists: [ErrCode.PARAM_INVALID, 'fileExists', 409, 'A file or folder with this name already exists'],
  denied: [ErrCode.INSUFFICIENT_PERMISSION, 'fileDenied', 403, 'Permission denied on the cluster'],
  notDir: [ErrCode.PARAM_INVALID, 'notADirectory', 400, 'This is not a folder'],
  isDir: [ErrCode.PARAM_INVALID, 'isADirectory', 400, 'This is a folder, not a file'],
  notEmpty: [ErrCode.PARAM_INVALID, 'folderNotEmpty', 409, 'The folder is not empty'],
  noSpace: [ErrCode.FILE_TOO_LARGE, 'noSpace', 507, "No space left on the cluster's storage"],
  quota: [ErrCode.FILE_TOO_LARGE, 'quotaExceeded', 507, 'Your storage quota is exceeded'],
  loop: [ErrCode.PARAM_INVALID, 'symlinkLoop', 400, 'A symbolic link on this path leads in a loop'],
  nameTooLong: [ErrCode.PARAM_INVALID, 'nameTooLong', 400, 'The name or path is too long for the file system'],
  failed: [ErrCode.INTERNAL, 'fileOperationFailed', 500, 'Operation Failed'],
};

export const outsideRoots = (path: string) =>
  new AppError(ErrCode.INSUFFICIENT_PERMISSION, 'pathOutsideRoots', 'This path is outside the folders you may use', {
    status: 403,
    extra: { path },
    // Traversal attempts must leave a trace, also on reads.
    auditAs: SystemAuditAction.pathRefused,
  });

/**
 * The answer for an error of a file operation, or null when it is not one (a bug: the central
 * handler logs it and answers 500). Messages of the access layer name server paths and stay in logs.
 */
export const toAppError = (err: unknown): AppError | null => {
  if (err instanceof AppError) return err;
  if (err instanceof OutsideRootsError) return outsideRoots(err.path);
  if (err instanceof FileAccessError) {
    // The access layer's own refusal (a link leading out): audited like the portal's own check.
    if (err.reason === 'outsideRoots') return outsideRoots('');
    const [code, reason, status, message] = BY_REASON[err.reason];
    return new AppError(code, reason, message, { status });
  }
  if (err instanceof SshUnavailableError) {
    return err.reason === 'connect'
      ? new AppError(
          ErrCode.CONNECTION_INTERRUPTED,
          'sshUnavailable',
          'ssh connection is error, please check if the net is available!',
          {
            status: 503,
          },
        )
      : new AppError(ErrCode.CONNECTION_INTERRUPTED, 'sshNodeFailed', 'ssh node failed', { status: 502 });
  }
  return null;
};

/** Runs a file operation and turns its errors into answers a user understands. */
export const viaFiles = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (err) {
    throw toAppError(err) ?? err;
  }
};
