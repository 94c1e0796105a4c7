import { isContract, type Contract } from '../contract.js';
import * as accounts from './accounts.js';
import * as alarmAggregation from './alarm-aggregation.js';
import * as alarmExports from './alarm-exports.js';
import * as alarmTemplates from './alarm-templates.js';
import * as alarms from './alarms.js';
import * as applications from './applications.js';
import * as audit from './audit.js';
import * as bills from './bills.js';
import * as citrix from './citrix.js';
import * as consoleArea from './console.js';
import * as desktops from './desktops.js';
import * as downloads from './downloads.js';
import * as efficiency from './efficiency.js';
import * as files from './files.js';
import * as health from './health.js';
import * as jobCharts from './job-charts.js';
import * as jobNotices from './job-notices.js';
import * as jobs from './jobs.js';
import * as keys from './keys.js';
import * as login from './login.js';
import * as metrics from './metrics.js';
import * as notices from './notices.js';
import * as org from './org.js';
import * as profile from './profile.js';
import * as queues from './queues.js';
import * as quotas from './quotas.js';
import * as registration from './registration.js';
import * as reportFiles from './report-files.js';
import * as reports from './reports.js';
import * as resources from './resources.js';
import * as services from './services.js';
import * as settings from './settings.js';
import * as shell from './shell.js';
import * as storage from './storage.js';
import * as transfers from './transfers.js';
import * as users from './users.js';

/**
 * The contract files by area, named as their files (camelCase): every contract a file exports is
 * an endpoint, and its id starts with the area (`keys.importKey` lives in keys.ts).
 */
export const contractAreas = {
  accounts,
  alarmAggregation,
  alarmExports,
  alarmTemplates,
  alarms,
  applications,
  audit,
  bills,
  citrix,
  console: consoleArea,
  desktops,
  downloads,
  efficiency,
  files,
  health,
  jobCharts,
  jobNotices,
  jobs,
  keys,
  login,
  metrics,
  notices,
  org,
  profile,
  queues,
  quotas,
  registration,
  reportFiles,
  reports,
  resources,
  services,
  settings,
  shell,
  storage,
  transfers,
  users,
} as const;

/** Within an area, by path and method: a module's export order differs between loaders (code-unit order, whatever the locale). */
const sortKey = (c: Contract) => `${c.path} ${c.method}`;
const byPath = (a: Contract, b: Contract) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0);

/** Every endpoint of the portal: the permission test and the OpenAPI document walk this list. */
export const allContracts: readonly Contract[] = Object.values(contractAreas).flatMap((area) =>
  Object.values<unknown>(area).filter(isContract).sort(byPath),
);
