import { ErrCode } from '@portal/shared';
import { AppError, notFound } from '../../lib/app-error.js';
import { StoreFrontError } from './storefront-answers.js';

/*
 * Spec section 8's Citrix texts, one reason each (docs/citrix.md has the table). The status says
 * whose fault it is: the portal's configuration (409), the user's password (401), StoreFront
 * (502, 504 when it was too slow).
 */

/** Citrix is switched off in portal.yaml, or the store offers no password sign-in. */
export const configError = () =>
  new AppError(ErrCode.PARAM_INVALID, 'citrixAuthConfigError', 'Citrix authentication configuration error', { status: 409 });

/** This portal session is not signed in to StoreFront, or StoreFront ended the session. */
export const sessionMissing = () =>
  new AppError(ErrCode.PARAM_INVALID, 'citrixSessionMissing', 'session does not exist', { status: 409 });

const webservice = (cause: string, timedOut = false) =>
  new AppError(timedOut ? ErrCode.TIMEOUT : ErrCode.CONNECTION_INTERRUPTED, 'citrixWebservice', 'Citrix webservice exception', {
    status: timedOut ? 504 : 502,
    extra: { cause },
  });

const serverError = (extra: Record<string, unknown>) =>
  new AppError(ErrCode.CONNECTION_INTERRUPTED, 'citrixServerError', 'Citrix server exception', { status: 502, extra });

/** The answer for a StoreFront failure; anything else is passed on as it is. */
export const fromStoreFront = (err: unknown): unknown => {
  if (!(err instanceof StoreFrontError)) return err;
  switch (err.failure) {
    case 'unreachable':
    case 'badAnswer':
      return webservice(err.failure);
    case 'timeout':
      return webservice('timeout', true);
    case 'serverError':
      return serverError({ status: err.detail.status });
    case 'launchFailed':
      return serverError({ launchStatus: err.detail.launchStatus });
    case 'authMethods':
      return new AppError(
        ErrCode.CONNECTION_INTERRUPTED,
        'citrixAuthConfigUnavailable',
        'failed to get Citrix authentication configuration',
        { status: 502 },
      );
    case 'noExplicitForms':
      return configError();
    case 'refused':
      return new AppError(ErrCode.PARAM_INVALID, 'citrixAuthFailed', 'Citrix authentication failed', { status: 401 });
    case 'sessionEnded':
      return sessionMissing();
    case 'notFound':
      return notFound();
  }
};
