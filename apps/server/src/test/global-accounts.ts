import { tmpdir } from 'node:os';
import { removeAccountsUnder } from '../cluster/access/local/user-accounts.js';

/*
 * Tests run as root use local access mode with a POSIX account per portal user (alice, bob, …),
 * made on first use with their folder in the test's temporary data folder. Test files running at
 * the same time share those accounts, so they are removed once, after the whole run: every account
 * the portal made (its comment) whose folder lay in the temporary folder.
 */
export const teardown = async (): Promise<void> => {
  await removeAccountsUnder(tmpdir());
};
