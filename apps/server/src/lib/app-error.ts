import { ErrCode, errCodeDefaults, type ErrCodeValue, type ErrReasonValue } from '@portal/shared';

/**
 * An error a handler throws on purpose: it becomes the envelope `{errCode, errMsg, data}` with
 * `data.reason` set, and the given (or the code's default) HTTP status.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: Exclude<ErrCodeValue, 0>,
    readonly reason: ErrReasonValue,
    message?: string,
    options: { status?: number; extra?: Record<string, unknown>; auditAs?: string } = {},
  ) {
    super(message ?? errCodeDefaults[code].message);
    this.status = options.status ?? errCodeDefaults[code].status;
    this.extra = options.extra ?? {};
    this.auditAs = options.auditAs;
  }
  readonly extra: Record<string, unknown>;
  /** Set on refusals that leave their own audit line under this action, even on reads (a path outside the user's folders). */
  readonly auditAs: string | undefined;
}

export const notFound = (message = 'The resource is not exist!') =>
  new AppError(ErrCode.PARAM_INVALID, 'notFound', message, { status: 404 });

export const invalid = (reason: ErrReasonValue, message: string, extra?: Record<string, unknown>) =>
  new AppError(ErrCode.PARAM_INVALID, reason, message, extra ? { extra } : {});
