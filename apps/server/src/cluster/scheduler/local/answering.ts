import { OutputMissingError, OutputTooLargeError, SchedulerRejectedError, SchedulerUnavailableError } from '../types.js';

/**
 * Runs a call of the built-in scheduler the way a remote scheduler answers: a refusal stays a
 * refusal; any other failure (the database, the file system) means the scheduler did not answer.
 */
export const answering = async <T>(fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (err) {
    if (
      err instanceof SchedulerRejectedError ||
      err instanceof OutputTooLargeError ||
      err instanceof OutputMissingError ||
      err instanceof SchedulerUnavailableError
    )
      throw err;
    throw new SchedulerUnavailableError(`local scheduler: ${(err as Error).message}`, { cause: err });
  }
};
