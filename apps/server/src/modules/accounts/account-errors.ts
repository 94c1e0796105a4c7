import { ErrCode } from '@portal/shared';
import { AppError } from '../../lib/app-error.js';

export const accountNotFound = (name: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'accountNotFound', `The account ${name} does not exist`, { status: 404 });

export const userNotFound = (name: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'userNotFound', `The user ${name} does not exist`, { status: 404 });

export const userNotActive = (name: string) =>
  new AppError(
    ErrCode.PARAM_INVALID,
    'userNotFound',
    `The user ${name} is not active: only approved, unfrozen users join accounts`,
  );

export const orgUnitNotFound = (id: number) =>
  new AppError(ErrCode.PARAM_INVALID, 'orgUnitNotFound', `No company or department has the id ${id}`, { status: 404 });

export const notAccountOwner = (name: string) =>
  new AppError(
    ErrCode.INSUFFICIENT_PERMISSION,
    'notAccountOwner',
    `Only the owner of ${name} or an administrator manages its members`,
    { status: 403 },
  );

export const forbidden = () => new AppError(ErrCode.INSUFFICIENT_PERMISSION, 'forbidden', 'Permission Denied', { status: 403 });

/** Spec section 8's text for a Disable account (errCode 10007). */
export const ACCOUNT_DISABLED_MESSAGE = 'The account has been deactivated and cannot be operated.';

/**
 * Why an account cannot be used now (no new jobs, no applications), or null when it can:
 * Disable is 10007 with the spec's text, Frozen is 10008 naming the account.
 */
export const accountUnusable = (account: { name: string; status: string }): AppError | null => {
  if (account.status === 'Disable')
    return new AppError(ErrCode.USER_FROZEN, 'accountDisabled', ACCOUNT_DISABLED_MESSAGE, {
      status: 403,
      extra: { account: account.name },
    });
  if (account.status === 'Frozen')
    return new AppError(
      ErrCode.INSUFFICIENT_PERMISSION,
      'accountFrozen',
      `The account ${account.name} is frozen: it cannot submit new jobs`,
      {
        status: 403,
        extra: { account: account.name },
      },
    );
  return null;
};
