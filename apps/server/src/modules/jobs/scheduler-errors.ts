import { ErrCode } from '@portal/shared';
import {
  OutputMissingError,
  OutputTooLargeError,
  SchedulerRejectedError,
  SchedulerUnavailableError,
} from '../../cluster/scheduler/types.js';
import { AppError } from '../../lib/app-error.js';

/** The scheduler does not answer: the jobs are undetermined, never taken as finished. */
export const schedulerError = (lastSnapshotAt: number | null = null) =>
  new AppError(ErrCode.CONNECTION_INTERRUPTED, 'schedulerError', 'Job Scheduler Error!', {
    status: 503,
    extra: { lastSnapshotAt: lastSnapshotAt === null ? null : new Date(lastSnapshotAt).toISOString() },
  });

/** Runs a scheduler call and turns the adapter's errors into answers a user understands. */
export const viaScheduler = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (err) {
    if (err instanceof SchedulerUnavailableError) throw schedulerError();
    if (err instanceof SchedulerRejectedError)
      throw new AppError(ErrCode.PARAM_INVALID, 'schedulerRejected', err.message, { extra: { detail: err.message } });
    if (err instanceof OutputTooLargeError)
      throw new AppError(ErrCode.FILE_TOO_LARGE, 'outputTooLarge', err.message, { status: 413, extra: { size: err.size } });
    if (err instanceof OutputMissingError)
      throw new AppError(ErrCode.PARAM_INVALID, 'fileNotExist', 'file not exist', { status: 404 });
    throw err;
  }
};
