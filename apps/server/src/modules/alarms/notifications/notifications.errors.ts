import { ErrCode } from '@portal/shared';
import { AppError } from '../../../lib/app-error.js';

/* Notification refusals (docs/alarms.md "Notifications"). */

export const noticeRuleNotFound = (id: number) =>
  new AppError(ErrCode.PARAM_INVALID, 'noticeRuleNotFound', `No notification rule ${id}`, { status: 404, extra: { id } });

export const noticeRuleNameExists = (name: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'noticeRuleNameExists', 'Rule name already exists', { status: 409, extra: { name } });

export const noticeRecordNotFound = (id: number) =>
  new AppError(ErrCode.PARAM_INVALID, 'noticeRecordNotFound', `No notification record ${id}`, { status: 404, extra: { id } });
