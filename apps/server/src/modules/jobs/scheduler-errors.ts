import { ErrCode } from '@portal/shared';
import {
  OutputMissingError,
  OutputTooLargeError,
  SchedulerRejectedError,
  SchedulerUnavailableError,
} from '../../cluster/scheduler/types.js';
import { AppError } from '../../lib/app-error.js';
import { schedulerError } from './clusters.js';

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
