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
