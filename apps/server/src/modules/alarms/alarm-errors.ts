import { ErrCode } from '@portal/shared';
import { AppError } from '../../lib/app-error.js';

/* Alarm refusals, with spec section 8's texts where it has one (docs/alarms.md). */

export const templateNotFound = (id: number) =>
  new AppError(ErrCode.PARAM_INVALID, 'alarmTemplateNotFound', `No threshold template ${id}`, { status: 404, extra: { id } });

export const templateNameExists = (name: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'templateNameExists', 'Template name already exists', { status: 409, extra: { name } });

export const assetInOtherTemplate = (names: readonly string[], template: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'assetInOtherTemplate', 'Asset already used by another template', {
    status: 409,
    extra: { names: names.join(', '), template },
  });

export const noConfigurableIndicator = (metrics: readonly string[] = []) =>
  new AppError(ErrCode.PARAM_INVALID, 'noConfigurableIndicator', 'No configurable indicator', {
    status: 400,
    extra: { metrics: metrics.join(', ') },
  });

export const templateResourceInvalid = (ids: readonly number[], type: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'templateResourceInvalid', `Not assets of type ${type}: ${ids.join(', ')}`, {
    status: 400,
    extra: { ids: ids.join(', '), type },
  });

export const indicatorNotFound = (metric: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'indicatorNotFound', `The template has no indicator ${metric}`, {
    status: 404,
    extra: { metric },
  });

export const indicatorExists = (metric: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'indicatorExists', `The template has an indicator ${metric} already`, {
    status: 409,
    extra: { metric },
  });

export const alarmNotFound = (ids: readonly number[]) =>
  new AppError(ErrCode.PARAM_INVALID, 'alarmNotFound', `No alarm ${ids.join(', ')}`, {
    status: 404,
    extra: { ids: ids.join(', ') },
  });
