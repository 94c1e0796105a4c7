import type { IndexData, Permission } from '@portal/shared';

/** The console's start data for a page test: a signed-in user with these permissions. */
export const testIndexData = (permissions: Permission[], who: Partial<IndexData> = {}): IndexData => ({
  roleId: 1,
  roleName: 'user',
  currentUser: 'alice',
  userNo: 1,
  goldEnable: false,
  refreshInteval: 30,
  systemVersion: 'HPC Portal V1.0.0.2026',
  systemVersionType: 'HPC',
  storageSwitch: false,
  acAccountStatus: 'Normal',
  passwordStrength: 'low',
  efileUrl: '',
  managerServerIP: '',
  transfer: '0',
  hybridService: false,
  permissions,
  csrfToken: 'token',
  mustChangePassword: false,
  localAccess: null,
  ...who,
});
