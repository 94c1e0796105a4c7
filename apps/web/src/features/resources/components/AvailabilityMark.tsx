import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AvailabilityCode } from '@portal/shared';

/** Spec section 4's codes as the page says them: 1 available, 0 not available, '' unknown, 2 (or -1) not configured. */
const LOOK: Record<AvailabilityCode, { key: string; status: 'success' | 'error' | 'default' | 'warning' }> = {
  '1': { key: 'available', status: 'success' },
  '0': { key: 'unavailable', status: 'error' },
  '': { key: 'unknown', status: 'default' },
  '2': { key: 'unconfigured', status: 'default' },
};

/** An address with a dot for whether it answers (docs/resources.md, "Availability"). */
export const AvailabilityMark = ({ code, address }: { code: AvailabilityCode; address: string }) => {
  const { t } = useTranslation('resources');
  const look = LOOK[code];
  const label = t(`availability.${look.key}`);
  return (
    <Tooltip title={label}>
      <span aria-label={`${address}: ${label}`} data-availability={look.key}>
        <Badge status={look.status} text={address} />
      </span>
    </Tooltip>
  );
};
