import type { UserRow } from '../../db/types.js';
import { hashPassword } from './password.js';
import type { UsersRepository } from './users.repository.js';

/**
 * The users as other modules see them: sign-in and password reset look accounts up and change
 * their password through this, never through the users table.
 */
export class UserDirectory {
  constructor(private readonly repo: UsersRepository) {}

  findByName(userName: string): Promise<UserRow | undefined> {
    return this.repo.findByName(userName);
  }

  findById(id: number): Promise<UserRow | undefined> {
    return this.repo.findById(id);
  }

  async recordSignIn(id: number, at: number): Promise<void> {
    await this.repo.update(id, { last_login_at: at });
  }

  async setPassword(id: number, password: string, at: number): Promise<void> {
    // The user chose this password (a reset link): a temporary one is no longer in force.
    await this.repo.update(id, { password_hash: await hashPassword(password), password_changed_at: at, must_change_password: 0 });
  }
}
