import { ErrCode } from '@portal/shared';
import { AppError } from '../../lib/app-error.js';

/* The quotas module's refusals (reason keys shared with the accounts module's, so the web's texts apply). */

export const accountNotFound = (name: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'accountNotFound', `The account ${name} does not exist`, { status: 404 });

export const userNotFound = (name: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'userNotFound', `The user ${name} does not exist`, { status: 404 });

export const notAccountMember = (user: string, account: string) =>
  new AppError(
    ErrCode.PARAM_INVALID,
    'notAccountMember',
    `${user} is not a member of the account ${account}: add them to the account before giving them a quota in it`,
    { extra: { account, user } },
  );

export const forbidden = () => new AppError(ErrCode.INSUFFICIENT_PERMISSION, 'forbidden', 'Permission Denied', { status: 403 });
