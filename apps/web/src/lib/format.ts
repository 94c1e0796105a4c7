import dayjs from 'dayjs';

/** Spec section 9: dates show as YYYY-MM-DD HH:mm:ss in the browser's time zone. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export const formatDateTime = (iso: string | null | undefined): string => (iso ? dayjs(iso).format(DATE_TIME_FORMAT) : '-');
