import { ErrCode } from '@portal/shared';
import { AppError, invalid } from '../../lib/app-error.js';

/* The reports module's refusals: reason keys the web already translates (forbidden, validation). */

export const readAllRequired = (permission: 'reports:readAll' | 'bills:readAll' = 'reports:readAll') =>
  new AppError(
    ErrCode.INSUFFICIENT_PERMISSION,
    'forbidden',
    `${permission === 'bills:readAll' ? 'Bills' : 'Reports'} of every user need the ${permission} permission`,
    { status: 403 },
  );

/** A parameter the contract's schema let through but the report cannot use, with the field named as schema errors do. */
export const badParameter = (path: string, message: string) => invalid('validation', message, { issues: [{ path, message }] });
