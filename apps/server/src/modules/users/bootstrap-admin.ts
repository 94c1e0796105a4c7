import { randomBytes } from 'node:crypto';
import { Role } from '@portal/shared';
import type { Config } from '../../config/schema.js';
import type { Clock } from '../../lib/time.js';
import { APPROVER_ROLES } from './approver-roles.js';
import { hashPassword } from './password.js';
import { newUserRow, type UsersRepository } from './users.repository.js';

/** A random password that satisfies every strength level (letters, digits and a symbol). */
const randomPassword = () => `${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}9a@`;

/**
 * Creates the first administrator while no active account can approve users. Answers the
 * generated password (to print once) or null when nothing was created or the password came from
 * the configuration.
 */
export const ensureFirstAdmin = async (
  users: UsersRepository,
  config: Config,
  clock: Clock,
): Promise<{ userName: string; password: string | null } | null> => {
  if ((await users.countActiveWithRoles(APPROVER_ROLES)) > 0) return null;
  const userName = config.admin.user;
  const password = config.admin.password ?? randomPassword();
  const now = clock.now();
  const existing = await users.findByName(userName);
  const fields = { password_hash: await hashPassword(password), role_id: Role.admin, status: 'active', password_changed_at: now };
  if (existing) await users.update(existing.id, { ...fields, approved_at: now, approved_by: 'setup' });
  else
    await users.insert(
      newUserRow(
        { user_name: userName, ...fields, desc_info: 'First administrator', approved_at: now, approved_by: 'setup' },
        now,
      ),
    );
  return { userName, password: config.admin.password ? null : password };
};
