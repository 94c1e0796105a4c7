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
}
