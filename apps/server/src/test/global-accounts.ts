import { tmpdir } from 'node:os';
import { removeAccountsUnder } from '../cluster/access/local/user-accounts.js';
import { joinTestRun, leaveTestRun } from './test-runs.js';

/*
 * Tests run as root use local access mode with a POSIX account per portal user (alice, bob, …),
 * made on first use with their folder in the test's temporary data folder. Test files running at
 * the same time share those accounts, so they are removed once, after the whole run (and only by
 * the last of the runs sharing the machine): every account the portal made (its comment) whose
 * folder lay in the temporary folder.
 */
export const setup = (): void => joinTestRun();

export const teardown = async (): Promise<void> => {
  if (leaveTestRun()) await removeAccountsUnder(tmpdir());
};
