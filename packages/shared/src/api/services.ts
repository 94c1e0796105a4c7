import { z } from 'zod';
import { defineContract } from '../contract.js';
import { zBool } from '../input.js';
import { OptionalClusterId, Timestamp } from './common.js';

/*
 * Service status groups (spec sections 3 and 4; issue 15, docs/services.md): whether the services a
 * cluster depends on answer, from real checks made by the portal: the sign-in store and the
 * cluster's account lookup (userAuthService), the NTP servers (ntpService), the InfiniBand ports
 * of the nodes (ibService, from node_exporter's metrics), the scheduler's daemons
 * (scheduleService) and the login nodes' SSH servers (loginService).
 */

export const SERVICE_GROUPS = ['userAuthService', 'ntpService', 'ibService', 'scheduleService', 'loginService'] as const;
export type ServiceGroup = (typeof SERVICE_GROUPS)[number];

/** Spec section 4: a service is running or stopped. */
export const SERVICE_STATES = ['running', 'stop'] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];

export const SubServiceStatus = z.object({
  /** What was checked: a daemon, a server, a port (slurmctld, ntp 10.0.0.1:123, mlx5_0/1). */
  subServiceName: z.string(),
  subServiceStatus: z.enum(SERVICE_STATES),
  /** What the check saw: the answer (an SSH banner, a clock offset) or why it failed. */
  detail: z.string(),
});
export type SubServiceStatus = z.infer<typeof SubServiceStatus>;

export const ServiceStatus = z.object({
  /** The group and the checked resource, unique in one answer (loginService:login01:22). */
  metricId: z.string(),
  /** running when every sub-service runs. */
  serviceStatus: z.enum(SERVICE_STATES),
  /** The resource the service runs on or for: a login node, an NTP server, a compute node, the cluster. */
  resName: z.string(),
  resId: z.string(),
  /** The service, as the page names it (sshd, ntp, slurm, built-in scheduler, InfiniBand). */
  serviceName: z.string(),
  metricValue: z.array(SubServiceStatus),
  /** When the check ran. */
  checkedAt: Timestamp,
});
export type ServiceStatus = z.infer<typeof ServiceStatus>;

export const ServiceStatusGroups = z.object({
  userAuthService: z.array(ServiceStatus),
  ntpService: z.array(ServiceStatus),
  ibService: z.array(ServiceStatus),
  scheduleService: z.array(ServiceStatus),
  loginService: z.array(ServiceStatus),
});
export type ServiceStatusGroups = z.infer<typeof ServiceStatusGroups>;

/** Checks are made at most this often; a page that asks again within it gets the last results. */
export const SERVICE_CHECK_CACHE_SECONDS = 30;

export const servicesStatus = defineContract({
  id: 'services.status',
  method: 'GET',
  path: '/monitor/jobservices/getServiceStatus.action',
  permission: 'resources:read',
  summary: "The service status groups of a cluster, from the portal's own checks (an empty group: nothing of it configured)",
  query: z.object({
    clusterId: OptionalClusterId,
    /** Check again now instead of answering from the last checks. */
    refresh: zBool().optional(),
  }),
  data: ServiceStatusGroups,
  audit: false,
});
