import {
  SERVICE_GROUPS,
  type ServiceGroup,
  type ServiceState,
  type ServiceStatus,
  type ServiceStatusGroups,
} from '@portal/shared';

/** Spec section 4: running green, stopped red (antd tag colours). */
export const SERVICE_STATE_COLORS: Record<ServiceState, string> = { running: 'green', stop: 'red' };

export interface GroupView {
  group: ServiceGroup;
  items: ServiceStatus[];
  stopped: number;
}

/** The groups in the spec's order, each with how many of its items are stopped (shown beside its name). */
export const groupViews = (groups: ServiceStatusGroups): GroupView[] =>
  SERVICE_GROUPS.map((group) => ({
    group,
    items: groups[group],
    stopped: groups[group].filter((s) => s.serviceStatus === 'stop').length,
  }));

/** When the shown results were checked: the latest item's time (one round checks them all at once), null with no item. */
export const lastCheckedAt = (groups: ServiceStatusGroups): string | null => {
  let last: string | null = null;
  for (const group of SERVICE_GROUPS)
    for (const s of groups[group]) if (last === null || Date.parse(s.checkedAt) > Date.parse(last)) last = s.checkedAt;
  return last;
};
