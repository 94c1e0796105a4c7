import { ErrCode } from '@portal/shared';
import { AppError } from '../../../lib/app-error.js';

/* Aggregate rule refusals (docs/alarms.md "Aggregation"). */

export const aggregateRuleNotFound = (id: number) =>
  new AppError(ErrCode.PARAM_INVALID, 'aggregateRuleNotFound', `No aggregate rule ${id}`, { status: 404, extra: { id } });

export const aggregateRuleNameExists = (name: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'aggregateRuleNameExists', `An aggregate rule named ${name} exists`, {
    status: 409,
    extra: { name },
  });

export const aggregateRuleNameImmutable = (name: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'aggregateRuleNameImmutable', 'The name of an aggregate rule cannot change', {
    status: 400,
    extra: { name },
  });

export const aggregateOrderInvalid = () =>
  new AppError(ErrCode.PARAM_INVALID, 'aggregateOrderInvalid', 'The scan order must name every rule exactly once', {
    status: 400,
  });
