import type { CommandResult } from '../../access/command-runner.js';
import { SchedulerRejectedError, SchedulerUnavailableError } from '../types.js';

/*
 * What a Slurm command's answer means: no answer (the controller or the accounting daemon cannot
 * be reached: the jobs are undetermined) or a refusal (unknown job, wrong state, not allowed).
 */

/** Messages of Slurm's client library when slurmctld or slurmdbd does not answer. */
const UNAVAILABLE = [
  /unable to contact slurm controller/i,
  /socket timed out/i,
  /connection refused/i,
  /connection timed out/i,
  /connection reset/i,
  /zero bytes were transmitted or received/i,
  /communication connection failure/i,
  /backup controller in standby/i,
  /temporarily unable to accept/i,
  /problem talking to the database/i,
  /persistent connection/i,
  /unable to connect to database/i,
  /slurmdbd.*(not responding|down)/i,
  /network is unreachable|no route to host/i,
  // scontrol hold/release when slurmctld is down
  /unexpected message received/i,
  // the command itself is missing (runuser: failed to execute /usr/bin/squeue: No such file or directory)
  /command not found|failed to execute .*no such file/i,
];

export const isUnavailableMessage = (message: string): boolean => UNAVAILABLE.some((re) => re.test(message));

/** Slurm's own words: error lines without the program prefix ("scancel: error: ", "slurm_suspend error: "). */
export const slurmMessage = (r: CommandResult): string => {
  const lines = `${r.stderr}\n${r.code !== 0 ? r.stdout : ''}`
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const errors = lines.filter((l) => /error/i.test(l));
  const picked = errors.length ? errors : lines;
  const clean = picked.map((l) => l.replace(/^[\w.-]+:\s*error:\s*/i, '').replace(/^[\w.-]+ error:\s*/i, ''));
  return [...new Set(clean)].join('; ') || `exit code ${r.code}`;
};

/**
 * Throws for a failed command: SchedulerUnavailableError when Slurm did not answer, else
 * SchedulerRejectedError with Slurm's message. `errorsInStderr`: the command reports some
 * refusals on standard error with exit code 0 (scancel -v, scontrol write batch_script).
 */
export const checkResult = (r: CommandResult, what: string, errorsInStderr = false): void => {
  const failed = r.code !== 0 || (errorsInStderr && /error/i.test(r.stderr));
  if (!failed) return;
  const message = slurmMessage(r);
  if (isUnavailableMessage(message) || r.code === 126 || r.code === 127)
    throw new SchedulerUnavailableError(`${what}: the scheduler did not answer: ${message}`);
  throw new SchedulerRejectedError(message);
};
