import { useTranslation } from 'react-i18next';
import { ErrCode } from '@portal/shared';
import { ApiError, NetworkError } from './api-client';

/**
 * A job refused by an hour quota (reason quotaExceeded with the hours in its data; the same reason
 * without them is the storage quota of the file manager).
 */
export const hourQuotaRefusal = (err: unknown) => {
  if (!(err instanceof ApiError) || err.reason !== 'quotaExceeded' || typeof err.data.limitHours !== 'number') return null;
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  return {
    account: typeof err.data.account === 'string' ? err.data.account : '',
    /** The member's own quota in the account (else the account's). */
    own: typeof err.data.user === 'string' && err.data.user !== '',
    quota: err.data.quota === 'cardHours' ? ('cardHours' as const) : ('coreHours' as const),
    usedHours: num(err.data.usedHours),
    limitHours: err.data.limitHours,
    jobHours: num(err.data.jobHours),
  };
};

/**
 * The text for a failed call, in the user's language: by reason when the console knows it, else
 * by error code. Server English is used only when nothing else fits.
 */
export const useErrorText = () => {
  const { t, i18n } = useTranslation('errors');
  return (err: unknown): string => {
    if (err instanceof NetworkError) return t(err.timedOut ? 'network.timeout' : 'network.error');
    const quota = hourQuotaRefusal(err);
    if (quota)
      return t(quota.own ? 'hourQuota.user' : 'hourQuota.account', {
        account: quota.account,
        quotaName: t(`hourQuota.name.${quota.quota}`),
        units: t(`hourQuota.units.${quota.quota}`),
        used: quota.usedHours.toFixed(2),
        limit: quota.limitHours,
        job: quota.jobHours.toFixed(2),
      });
    if (err instanceof ApiError) {
      const reasonKey = `reason.${err.reason ?? ''}`;
      const seconds = err.data.unlockInSeconds;
      const minutes = typeof seconds === 'number' ? Math.max(1, Math.ceil(seconds / 60)) : undefined;
      // A balance arrives in whole cents (noBalance): shown with two decimals.
      const cents = err.data.balanceCents;
      const balance = typeof cents === 'number' ? (cents / 100).toFixed(2) : undefined;
      if (err.reason && i18n.exists(`errors:${reasonKey}`)) return t(reasonKey, { ...err.data, minutes, balance });
      const codeKey = `code.${err.errCode}`;
      if (i18n.exists(`errors:${codeKey}`)) return t(codeKey);
      return err.message;
    }
    return t('code.10001');
  };
};

/**
 * The job scheduler did not answer (errCode 10012, reason schedulerError): the jobs it holds are
 * undetermined, never finished.
 */
export const isSchedulerError = (err: unknown): boolean =>
  err instanceof ApiError && err.errCode === ErrCode.CONNECTION_INTERRUPTED && err.reason === 'schedulerError';
