import type { TFunction } from 'i18next';
import type { PowerReading } from '@portal/shared';

/** A node's failed power line in the user's language: the reason's text, with ipmitool's words when the BMC failed. */
export const powerFailureText = (t: TFunction<'resources'>, r: PowerReading): string => {
  const known = r.reason ? t(`errors:reason.${r.reason}`, { defaultValue: '' }) : '';
  if (!known) return r.error ?? '';
  const detail = r.reason === 'ipmiUnreachable' ? /\((.*)\)$/.exec(r.error ?? '')?.[1] : undefined;
  return detail ? `${known} (${detail})` : known;
};
