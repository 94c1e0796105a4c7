import { useTranslation } from 'react-i18next';
import { ErrCode } from '@portal/shared';
import { ApiError, NetworkError } from './api-client';

/**
 * The text for a failed call, in the user's language: by reason when the console knows it, else
 * by error code. Server English is used only when nothing else fits.
 */
export const useErrorText = () => {
  const { t, i18n } = useTranslation('errors');
  return (err: unknown): string => {
    if (err instanceof NetworkError) return t(err.timedOut ? 'network.timeout' : 'network.error');
    if (err instanceof ApiError) {
      const reasonKey = `reason.${err.reason ?? ''}`;
      const seconds = err.data.unlockInSeconds;
      const minutes = typeof seconds === 'number' ? Math.max(1, Math.ceil(seconds / 60)) : undefined;
      if (err.reason && i18n.exists(`errors:${reasonKey}`)) return t(reasonKey, { ...err.data, minutes });
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
