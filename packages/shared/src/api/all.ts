import type { Contract } from '../contract.js';
import { approveUser, freezeUser, modifyUser, queryPendingUserInfo, queryUser, refuseUser, unfreezeUser } from './users.js';
import { listAuditLog } from './audit.js';
import { downloadFile, faqDownload, softwareDownload } from './downloads.js';
import { healthz } from './health.js';
import {
  listQueues,
  queryChartData,
  queryClusterInfo,
  queryHomePageChartData,
  queryJobInfo,
  queryWallTimeUsed,
} from './job-view.js';
import { getJob, jobAction, jobBatchAction, jobOutput, listJobs, listJobTemplates, submitJob } from './jobs.js';
import { deleteKey, exportKey, importKey, listKeys } from './keys.js';
import {
  authCodeImage,
  checkLock,
  forgotPwd,
  loginAuth,
  logout,
  queryLicenseInfo,
  queryLoginConfig,
  queryPwdStrength,
  querySystemVersionType,
  resetPwd,
} from './login.js';
import { getIndexData, getMenus, getOnlineUser, isHybridService, listCluster, querySysTime } from './main.js';
import { modifyPwd, modifyUserInfo, queryLoginUser } from './profile.js';
import { checkCodeRegister, checkUserIsExist, registerUser } from './registration.js';
import { getSystemSettings, updateSystemSettings } from './settings.js';

/** Every endpoint of the portal: the permission test and the OpenAPI document walk this list. */
export const allContracts: readonly Contract[] = [
  healthz,
  loginAuth,
  checkLock,
  authCodeImage,
  queryPwdStrength,
  querySystemVersionType,
  queryLicenseInfo,
  queryLoginConfig,
  logout,
  forgotPwd,
  resetPwd,
  checkUserIsExist,
  checkCodeRegister,
  registerUser,
  queryLoginUser,
  modifyUserInfo,
  modifyPwd,
  getIndexData,
  getMenus,
  getOnlineUser,
  querySysTime,
  isHybridService,
  listCluster,
  queryPendingUserInfo,
  approveUser,
  refuseUser,
  queryUser,
  modifyUser,
  freezeUser,
  unfreezeUser,
  listAuditLog,
  getSystemSettings,
  updateSystemSettings,
  importKey,
  listKeys,
  deleteKey,
  exportKey,
  softwareDownload,
  faqDownload,
  downloadFile,
  listJobs,
  submitJob,
  getJob,
  jobAction,
  jobBatchAction,
  jobOutput,
  listJobTemplates,
  listQueues,
  queryChartData,
  queryHomePageChartData,
  queryWallTimeUsed,
  queryJobInfo,
  queryClusterInfo,
];
