import type { Kysely } from 'kysely';

/**
 * Contract ids became one word per area (docs/architecture.md): audit lines written before keep
 * naming the old ids, so the audit log's action filter and its words would miss them. The lines
 * are renamed in place; nothing else stores contract ids.
 */
const RENAMED: [old: string, now: string][] = [
  ['tools.softwareDownload', 'downloads.softwareDownload'],
  ['tools.faqDownload', 'downloads.faqDownload'],
  ['tools.downloadFile', 'downloads.downloadFile'],
  ['login.createUserAuthToken', 'files.createUserAuthToken'],
  ['efile.redeemToken', 'files.redeemToken'],
  ['main.getEfileUrl', 'files.getEfileUrl'],
  ['health', 'health.check'],
  ['jobs.queues', 'jobCharts.queues'],
  ['jobview.queryChartData', 'jobCharts.queryChartData'],
  ['jobview.queryHomePageChartData', 'jobCharts.queryHomePageChartData'],
  ['jobview.queryWallTimeUsed', 'jobCharts.queryWallTimeUsed'],
  ['jobview.queryJobInfo', 'jobCharts.queryJobInfo'],
  ['jobheatmap.queryClusterInfo', 'jobCharts.queryClusterInfo'],
  ['main.importKey', 'keys.importKey'],
  ['main.listKeys', 'keys.listKeys'],
  ['main.deleteKey', 'keys.deleteKey'],
  ['main.exportKey', 'keys.exportKey'],
  ['main.logout', 'login.logout'],
  ['main.getIndexData', 'console.getIndexData'],
  ['main.getMenus', 'console.getMenus'],
  ['main.getOnlineUser', 'console.getOnlineUser'],
  ['main.querySysTime', 'console.querySysTime'],
  ['main.isHybridService', 'console.isHybridService'],
  ['cluster.listCluster', 'console.listCluster'],
  ['main.queryLoginUser', 'profile.queryLoginUser'],
  ['main.modifyUserInfo', 'profile.modifyUserInfo'],
  ['main.modifyPwd', 'profile.modifyPwd'],
  ['register.checkUserIsExist', 'registration.checkUserIsExist'],
  ['register.checkCodeRegister', 'registration.checkCodeRegister'],
  ['register.registerUser', 'registration.registerUser'],
  ['config.getSettings', 'settings.getSettings'],
  ['config.updateSettings', 'settings.updateSettings'],
  ['eshell.openSession', 'shell.openSession'],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped handle
export const up = async (db: Kysely<any>): Promise<void> => {
  for (const [old, now] of RENAMED) await db.updateTable('audit_log').set({ action: now }).where('action', '=', old).execute();
};
