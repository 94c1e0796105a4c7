import {
  ACCOUNT_STATUSES,
  addAccountMember,
  applyAccountSync,
  createAccount,
  deleteAccount,
  getAccount,
  listAccounts,
  modifyAccount,
  previewAccountSync,
  queryUserInfo,
  removeAccountMember,
  setDefaultAccount,
} from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { AccountMembersService } from './account-members.service.js';
import type { AccountSyncService } from './account-sync.service.js';
import type { AccountsService } from './accounts.service.js';
import type { UserAccountsService } from './user-accounts.service.js';

/** The contract's optional enums arrive typed as text (zOptionalText); the schema has already checked them. */
const oneOf = <T extends string>(allowed: readonly T[], v: string | undefined): T | undefined => allowed.find((a) => a === v);
const SORTS = ['accountName', 'createdAt', 'status', 'memberCount'] as const;
const status = (v: string | undefined) => oneOf(ACCOUNT_STATUSES, v);

export interface AccountsRouteServices {
  accounts: AccountsService;
  accountMembers: AccountMembersService;
  userAccounts: UserAccountsService;
  accountSync: AccountSyncService;
}

export const registerAccountsRoutes = (kit: RouteKit, s: AccountsRouteServices) => {
  kit.route(listAccounts, ({ auth, query }) =>
    s.accounts.list(auth, {
      ...query,
      sort: oneOf(SORTS, query.sort),
      orderBy: oneOf(['asc', 'desc'] as const, query.orderBy),
      scope: oneOf(['mine', 'all'] as const, query.scope),
      status: status(query.status),
    }),
  );

  kit.route(getAccount, ({ auth, params }) => s.accounts.detail(auth, params.accountName));

  kit.route(createAccount, ({ auth, body, req }) => {
    req.auditInfo.target = `${body.accountName} owner ${body.ownerName}`;
    return s.accounts.create(auth, { ...body, status: status(body.status) });
  });

  kit.route(modifyAccount, ({ auth, params, body, req }) => {
    req.auditInfo.target = [params.accountName, body.status, body.ownerName && `owner ${body.ownerName}`]
      .filter(Boolean)
      .join(' ');
    return s.accounts.modify(auth, params.accountName, { ...body, status: status(body.status) });
  });

  kit.route(deleteAccount, async ({ params, req }) => {
    req.auditInfo.target = params.accountName;
    await s.accounts.delete(params.accountName);
    return {};
  });

  kit.route(addAccountMember, ({ auth, params, body, req }) => {
    req.auditInfo.target = `${params.accountName} ${body.userName}`;
    return s.accountMembers.add(auth, params.accountName, body);
  });

  kit.route(removeAccountMember, ({ auth, params, req }) => {
    req.auditInfo.target = `${params.accountName} ${params.userName}`;
    return s.accountMembers.remove(auth, params.accountName, params.userName);
  });

  kit.route(setDefaultAccount, async ({ auth, params, req }) => {
    req.auditInfo.target = params.accountName;
    await s.accountMembers.setDefault(auth, params.accountName);
    return {};
  });

  kit.route(queryUserInfo, ({ auth, body }) => s.userAccounts.info(auth, body.userName));

  kit.route(previewAccountSync, ({ query }) => s.accountSync.run(query.clusterId, true));

  kit.route(applyAccountSync, ({ body, req }) => {
    req.auditInfo.target = body.clusterId;
    return s.accountSync.run(body.clusterId, false);
  });
};
