import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/* Users, companies and departments, accounts and members, keys and sign-in tokens; db/types.ts assembles them. Times are epoch milliseconds (bigint in PostgreSQL). */

export interface UsersTable {
  id: Generated<number>;
  user_name: string;
  password_hash: string;
  role_id: number;
  /** pending | active | refused | frozen */
  status: string;
  email: string;
  phone_num: string;
  desc_info: string;
  group_name: string;
  /** The department (or company) the user belongs to (org_units). */
  department_id: number | null;
  refuse_reason: string;
  created_at: number;
  approved_at: number | null;
  approved_by: string | null;
  last_login_at: number | null;
  password_changed_at: number;
  /** 1 after an administrator set a temporary password: the user must choose their own at sign-in. */
  must_change_password: Generated<number>;
}

/** A company (top level) or a department (under a company or department). */
export interface OrgUnitsTable {
  id: Generated<number>;
  name: string;
  kind: 'company' | 'department';
  parent_id: number | null;
  created_at: number;
}

/** A billing/project account; its owner is its PI. */
export interface AccountsTable {
  id: Generated<number>;
  name: string;
  description: string;
  owner_user_id: number;
  org_unit_id: number | null;
  /** Normal | Trial | Frozen | Disable */
  status: string;
  created_at: number;
  updated_at: number;
}

export interface AccountMembersTable {
  account_id: number;
  user_id: number;
  /** 1 on the user's default account (at most one per user). */
  is_default: number;
  added_at: number;
  added_by: string;
}

export interface UserKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  type: string;
  fingerprint: string;
  public_key: string;
  /** Only for the portal-made key pair: the private key, encrypted with the data folder's master key. */
  private_key_enc: string | null;
  origin: string;
  created_at: number;
}

export interface UserAuthTokensTable {
  /** sha256 of the token. */
  id: string;
  user_id: number;
  expires_at: number;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type OrgUnitRow = Selectable<OrgUnitsTable>;
export type AccountRow = Selectable<AccountsTable>;
export type UserAuthTokenRow = Selectable<UserAuthTokensTable>;
export type UserKeyRow = Selectable<UserKeysTable>;
