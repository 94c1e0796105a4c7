import { ErrCode } from '@portal/shared';
import { AppError } from '../../lib/app-error.js';

/* Resource refusals (spec section 8's texts where it has one; docs/resources.md). */

export const resourceNotFound = (what: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'resourceNotFound', 'The resource is not exist!', { status: 404, extra: { what } });

export const assetExists = (type: string, name: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'assetExists', `An asset ${type} named ${name} already exists`, {
    status: 409,
    extra: { type, name },
  });

export const assetFromScheduler = (name: string) =>
  new AppError(
    ErrCode.PARAM_INVALID,
    'assetFromScheduler',
    `${name} is a node of the scheduler: its name and type are the scheduler's, and it stays while the scheduler lists it`,
    { status: 409, extra: { name } },
  );

export const assetHasChildren = (children: number) =>
  new AppError(ErrCode.PARAM_INVALID, 'assetHasChildren', `${children} assets sit in this one: move or remove them first`, {
    status: 409,
    extra: { children },
  });

export const assetParentInvalid = () =>
  new AppError(ErrCode.PARAM_INVALID, 'assetParentInvalid', 'The parent asset does not exist or sits inside this one', {
    status: 400,
  });

export const IPMI_UNREACHABLE = 'IPMI net is abnormal, please check if IPMI IP is configured and snmp is normal';

export const ipmiNotConfigured = (node: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'ipmiNotConfigured', `${node} has no BMC address, user and password`, {
    status: 409,
    extra: { node },
  });

export const powerDisabled = (clusterId: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'powerDisabled', `Power actions are off for cluster ${clusterId}`, {
    status: 409,
    extra: { clusterId },
  });

export const drainUnsupported = () =>
  new AppError(ErrCode.PARAM_INVALID, 'drainUnsupported', "This cluster's scheduler has no nodes to drain", { status: 409 });
