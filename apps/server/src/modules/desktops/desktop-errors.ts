import { ErrCode } from '@portal/shared';
import { AppError } from '../../lib/app-error.js';

/* The desktop errors of spec section 8, each with its reason (docs/desktops.md). */

/** Not the caller's desktop, never was, or already ended: the spec's text for a failed delete. */
export const vncSessionNotFound = () =>
  new AppError(ErrCode.PARAM_INVALID, 'vncSessionNotFound', 'VNC session does not exist, deletion failed', { status: 404 });

/** A desktop the caller may not see looks exactly like one that does not exist. */
export const sessionNotFound = () => new AppError(ErrCode.PARAM_INVALID, 'notFound', 'session does not exist', { status: 404 });

export const vncLogNotFound = () =>
  new AppError(ErrCode.PARAM_INVALID, 'vncLogNotFound', 'Failed to get VNC log, log file does not exist', { status: 404 });

/** The desktop webService exception: Xvnc did not start. */
export const desktopStartFailed = (detail: string) =>
  new AppError(ErrCode.INTERNAL, 'desktopStartFailed', 'desktop webService exception: the desktop did not start', {
    status: 502,
    extra: { detail },
  });

export const desktopNotInstalled = (tool: string) =>
  new AppError(ErrCode.INTERNAL, 'desktopNotInstalled', `desktop webService exception: ${tool} is not installed on the cluster`, {
    status: 503,
    extra: { tool },
  });

export const desktopsOff = () =>
  new AppError(ErrCode.INSUFFICIENT_PERMISSION, 'forbidden', 'Desktops are not offered on this cluster', { status: 403 });

export const desktopNotRunning = () =>
  new AppError(ErrCode.PARAM_INVALID, 'desktopNotRunning', 'The desktop is not running', { status: 409 });

export const desktopLimit = (max: number) =>
  new AppError(ErrCode.PARAM_INVALID, 'desktopLimit', `At most ${max} desktops may run at the same time`, {
    status: 409,
    extra: { max },
  });

export const shareRefused = (why: string) => new AppError(ErrCode.PARAM_INVALID, 'shareRefused', why, { status: 400 });

export const appNotAvailable = (appId: string) =>
  new AppError(ErrCode.PARAM_INVALID, 'appNotAvailable', `The application ${appId} is not offered as a desktop`, {
    status: 400,
    extra: { appId },
  });

export const nativeViewerUnavailable = () =>
  new AppError(
    ErrCode.PARAM_INVALID,
    'nativeViewerUnavailable',
    'This cluster offers no SSH address for a native viewer: use the desktop in the browser',
    { status: 409 },
  );
