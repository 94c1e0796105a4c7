import type { RoleId } from '@portal/shared';

/** The signed-in user as every handler sees it. */
export interface AuthUser {
  id: number;
  userName: string;
  roleId: RoleId;
}

export interface Auth {
  user: AuthUser;
  sessionId: string;
  csrfToken: string;
  /** An administrator set a temporary password: only changing it (and loading the console) is allowed. */
  mustChangePassword?: boolean;
}

/** The signed-in user as the cluster layer knows them: the portal id and the POSIX account name. */
export const userOf = (auth: Auth): { id: number; name: string } => ({ id: auth.user.id, name: auth.user.userName });
