/**
 * Error codes of the envelope (spec section 8). 0 is success.
 * Each code carries a default English message and the HTTP status the server answers with
 * unless a more precise one is given (for example 404 or 409 with PARAM_INVALID).
 */
export const ErrCode = {
  SUCCESS: 0,
  INTERNAL: 10001,
  PARAM_INCOMPLETE: 10003,
  PARAM_INVALID: 10004,
  USER_FROZEN: 10007,
  INSUFFICIENT_PERMISSION: 10008,
  NO_INTERFACE_PERMISSION: 10009,
  FILE_CHECK_FAILED: 10010,
  FILE_TOO_LARGE: 10011,
  CONNECTION_INTERRUPTED: 10012,
  TIMEOUT: 10013,
} as const;

export type ErrCodeValue = (typeof ErrCode)[keyof typeof ErrCode];

export const errCodeDefaults: Record<ErrCodeValue, { message: string; status: number }> = {
  0: { message: 'success', status: 200 },
  10001: { message: 'The server is abnormal. Please contact the administrator.', status: 500 },
  10003: { message: 'parameter incomplete', status: 400 },
  10004: { message: 'invalid parameter', status: 400 },
  10007: { message: 'The account has been deactivated and cannot be operated.', status: 403 },
  10008: { message: 'Permission Denied', status: 403 },
  10009: { message: 'No permission to access the interface', status: 401 },
  10010: { message: 'File check failed', status: 400 },
  10011: { message: 'File too large', status: 413 },
  10012: { message: 'Connection interrupted', status: 502 },
  10013: { message: 'Operation timed out', status: 504 },
};

/**
 * Machine-readable reasons sent in `data.reason` of an error envelope, so a client can show a
 * precise translated text where one code covers several situations.
 */
export const ErrReason = {
  validation: 'validation',
  notSignedIn: 'notSignedIn',
  sessionExpired: 'sessionExpired',
  csrf: 'csrf',
  forbidden: 'forbidden',
  notFound: 'notFound',
  badCredentials: 'badCredentials',
  userLocked: 'userLocked',
  userPending: 'userPending',
  userRefused: 'userRefused',
  userFrozen: 'userFrozen',
  authCodeRequired: 'authCodeRequired',
  authCodeIncorrect: 'authCodeIncorrect',
  userNameDuplicated: 'userNameDuplicated',
  registrationClosed: 'registrationClosed',
  oldPasswordWrong: 'oldPasswordWrong',
  passwordTooWeak: 'passwordTooWeak',
  passwordMismatch: 'passwordMismatch',
  samePassword: 'samePassword',
  resetTokenInvalid: 'resetTokenInvalid',
  /** A reset link used after its validity (auth.resetTokenMinutes). */
  resetTokenExpired: 'resetTokenExpired',
  /** The user signed in with a temporary password and must change it before anything else. */
  passwordChangeRequired: 'passwordChangeRequired',
  mailNotConfigured: 'mailNotConfigured',
  userNotFound: 'userNotFound',
  notPending: 'notPending',
  selfChange: 'selfChange',
  lastAdmin: 'lastAdmin',
  keyInvalid: 'keyInvalid',
  keyDuplicated: 'keyDuplicated',
  keyMissing: 'keyMissing',
  fileNotExist: 'fileNotExist',
  /** A download (client tool, FAQ) whose file nobody has put on this portal yet. */
  toolNotInstalled: 'toolNotInstalled',
  /** An uploaded download file is larger than the portal accepts (data.maxBytes). */
  downloadTooLarge: 'downloadTooLarge',
  internal: 'internal',
  schedulerError: 'schedulerError',
  schedulerRejected: 'schedulerRejected',
  outputTooLarge: 'outputTooLarge',
  noOutput: 'noOutput',
  exceedQueueMax: 'exceedQueueMax',
  /** The job's account may not use the queue (its allowed accounts). */
  queueNotAllowed: 'queueNotAllowed',
  /** The queues could not be read from the scheduler (spec section 8: 'Request queue information failed'). */
  queueInfoFailed: 'queueInfoFailed',
  /** A queue name already used on the cluster. */
  queueExists: 'queueExists',
  /** A queue that still has queued or running jobs cannot be deleted. */
  queueInUse: 'queueInUse',
  /** A queue from the scheduler's own configuration: the portal does not change it. */
  queueNotManaged: 'queueNotManaged',
  /** X-HTTP-Method-Override on a path whose contract does not allow it (spec section 7). */
  methodOverrideRefused: 'methodOverrideRefused',
  actionNotApplicable: 'actionNotApplicable',
  invalidJobRequest: 'invalidJobRequest',
  /** A user already has as many web shells open as the server allows. */
  shellLimit: 'shellLimit',
  pathOutsideRoots: 'pathOutsideRoots',
  fileExists: 'fileExists',
  fileDenied: 'fileDenied',
  notADirectory: 'notADirectory',
  isADirectory: 'isADirectory',
  folderNotEmpty: 'folderNotEmpty',
  noSpace: 'noSpace',
  quotaExceeded: 'quotaExceeded',
  fileOperationFailed: 'fileOperationFailed',
  sshUnavailable: 'sshUnavailable',
  sshNodeFailed: 'sshNodeFailed',
  moveIntoItself: 'moveIntoItself',
  binaryFile: 'binaryFile',
  fileChanged: 'fileChanged',
  uploadNotFound: 'uploadNotFound',
  uploadOffsetMismatch: 'uploadOffsetMismatch',
  chunkTooLarge: 'chunkTooLarge',
  uploadTooLong: 'uploadTooLong',
  rangeNotSatisfiable: 'rangeNotSatisfiable',
  userAuthTokenInvalid: 'userAuthTokenInvalid',
  /** Across-center transfer is switched off (ui.transfer). */
  transferDisabled: 'transferDisabled',
  /** A transfer from a cluster to itself (use copy in the file manager). */
  sameCluster: 'sameCluster',
  unknownCluster: 'unknownCluster',
  transferNotFound: 'transferNotFound',
  /** The server stopped while the transfer was running. */
  transferInterrupted: 'transferInterrupted',
  // Files hardening (issue 10): faults of the file system itself, and too many commands at once.
  /** A symbolic link on the path leads in a loop (ELOOP). */
  symlinkLoop: 'symlinkLoop',
  /** A name or path longer than the file system allows (ENAMETOOLONG). */
  nameTooLong: 'nameTooLong',
  /** An upload chunk sent with another Content-Type than application/offset+octet-stream. */
  chunkContentType: 'chunkContentType',
  /** Too many commands or channels running at once (for this user or overall): retry later. */
  busy: 'busy',
  // Request origin and rate limits (auth hardening).
  /** An unsafe call made by another origin's page (Sec-Fetch-Site or Origin). */
  crossOrigin: 'crossOrigin',
  /** A loopback-bound server asked for by a name that is not its own (DNS rebinding). */
  unknownHost: 'unknownHost',
  /** Too many anonymous look-ups or sign-ups from one client; data.retryAfterSeconds says when to try again. */
  tooManyRequests: 'tooManyRequests',
  // HTTP layer: requests refused before any handler (body, address and header limits).
  invalidJson: 'invalidJson',
  bodyTooDeep: 'bodyTooDeep',
  bodyTooLarge: 'bodyTooLarge',
  unsupportedContentType: 'unsupportedContentType',
  urlTooLong: 'urlTooLong',
  badUrl: 'badUrl',
  headersTooLarge: 'headersTooLarge',
  requestTimeout: 'requestTimeout',
  badRequest: 'badRequest',
  // Accounts and organisation (issue 12).
  accountNotFound: 'accountNotFound',
  accountExists: 'accountExists',
  /** The account is Disable: "The account has been deactivated and cannot be operated." (10007). */
  accountDisabled: 'accountDisabled',
  /** The account is Frozen: no new jobs. */
  accountFrozen: 'accountFrozen',
  /** The user is no member of the account asked for, or has no account at all. */
  notAccountMember: 'notAccountMember',
  /** Only the account's owner (PI) or an administrator manages its members. */
  notAccountOwner: 'notAccountOwner',
  /** An account with members besides its owner cannot be deleted; the owner cannot be removed. */
  accountHasMembers: 'accountHasMembers',
  orgUnitNotFound: 'orgUnitNotFound',
  orgUnitExists: 'orgUnitExists',
  /** A company, department, user or account still in it: data.departments/users/accounts count them. */
  orgUnitNotEmpty: 'orgUnitNotEmpty',
  /** A department moved below itself, a company given a parent, a department without one. */
  orgUnitBadParent: 'orgUnitBadParent',
  // Applications (issue 12): more hours, a longer run time, a queue.
  /** The account (or the member's quota) has no limit of that kind: nothing to apply for. */
  noQuotaLimit: 'noQuotaLimit',
  /** Run-time applications (walltimeApply) are off: gold (billing) mode is not enabled. */
  wallTimeOff: 'wallTimeOff',
  /** The run time asked for is not longer than the job's time limit now. */
  timeLimitNotLonger: 'timeLimitNotLonger',
  /** The account may already use the queue. */
  queueAlreadyAllowed: 'queueAlreadyAllowed',
  /** The caller already has a pending application for the same thing (data.applicationId). */
  applicationPending: 'applicationPending',
  /** Nobody decides their own application, administrators included. */
  ownApplication: 'ownApplication',
  /** The application was already decided or withdrawn. */
  applicationNotPending: 'applicationNotPending',
  /** Only an administrator decides this application (an account's own hours, queue access). */
  adminDecides: 'adminDecides',
  /** Only the applicant withdraws an application. */
  notApplicant: 'notApplicant',
  // Report files (issue 13).
  reportFileNotFound: 'reportFileNotFound',
  /** The file is still queued or being written, or it failed: nothing to download yet. */
  reportFileNotReady: 'reportFileNotReady',
  /** The user already has REPORT_FILES_PENDING_MAX files queued or being written. */
  tooManyReportFiles: 'tooManyReportFiles',
  /** Writing the file failed (the server log says why). */
  reportFileFailed: 'reportFileFailed',
  // Bills (issue 13, docs/bills.md); data carries the figures named in each message.
  /** Job submission refused: balances are on and the account's balance is not above zero (data.account, balanceCents, currency). */
  noBalance: 'noBalance',
  /** Bills are issued only for a month that has ended in the report time zone (data.period). */
  billPeriodOpen: 'billPeriodOpen',
  /** The account already has an issued bill for the month: re-issue it instead (data.billId). */
  billExists: 'billExists',
  /** A price may not take effect in or before a month whose bills are issued (data.lastIssuedPeriod, firstDay). */
  priceInIssuedMonth: 'priceInIssuedMonth',
  /** A price for the same cluster, queue, account class and effective day exists. */
  priceExists: 'priceExists',
  /** Deposits need `billing.balances: true`. */
  balancesOff: 'balancesOff',
  // Desktops (issue 14, docs/desktops.md); spec section 8's desktop texts.
  /** 'VNC session does not exist, deletion failed' (also: not the caller's, or shared but not owned). */
  vncSessionNotFound: 'vncSessionNotFound',
  /** 'Failed to get VNC log, log file does not exist'. */
  vncLogNotFound: 'vncLogNotFound',
  /** The desktop webService exception: Xvnc could not be started (data.detail has the first log lines). */
  desktopStartFailed: 'desktopStartFailed',
  /** The desktop is not running (starting or ended): nothing to connect to or share. */
  desktopNotRunning: 'desktopNotRunning',
  /** The user already has DESKTOPS_PER_USER_MAX desktops running. */
  desktopLimit: 'desktopLimit',
  /** The VNC server is not installed on the cluster (data.tool names the program missing). */
  desktopNotInstalled: 'desktopNotInstalled',
  /** A share with oneself, or with a user who cannot use desktops. */
  shareRefused: 'shareRefused',
  /** The application is not offered (disabled by the administrator) or does not run in a desktop. */
  appNotAvailable: 'appNotAvailable',
  /** No SSH address users can reach for a native viewer's tunnel (local access without desktops.nativeSsh). */
  nativeViewerUnavailable: 'nativeViewerUnavailable',
  // Citrix (issue 14, docs/citrix.md); spec section 8's Citrix texts, one reason each.
  /** 'Citrix webservice exception': StoreFront unreachable, too slow, or answering what the portal cannot read (data.cause). */
  citrixWebservice: 'citrixWebservice',
  /** 'Citrix authentication failed': StoreFront refused the user name and password. */
  citrixAuthFailed: 'citrixAuthFailed',
  /** 'Citrix server exception': StoreFront answered a server error (data.status) or could not launch (data.launchStatus). */
  citrixServerError: 'citrixServerError',
  /** 'failed to get Citrix authentication configuration': StoreFront's authentication methods could not be read. */
  citrixAuthConfigUnavailable: 'citrixAuthConfigUnavailable',
  /** 'Citrix authentication configuration error': Citrix is off in the portal, or StoreFront offers no password sign-in. */
  citrixAuthConfigError: 'citrixAuthConfigError',
  /** 'session does not exist': this portal session is not signed in to StoreFront (or StoreFront ended the session). */
  citrixSessionMissing: 'citrixSessionMissing',
  // Resources (issue 15, docs/resources.md); spec section 8's resource texts.
  /** 'The resource is not exist!': no asset with that id, or no node of that name in the scheduler. */
  resourceNotFound: 'resourceNotFound',
  /** An asset of the same type and name exists in the same cluster. */
  assetExists: 'assetExists',
  /** Imported nodes keep the scheduler's name and type, and stay while the scheduler lists them. */
  assetFromScheduler: 'assetFromScheduler',
  /** The asset holds others (blades, cards): move or remove them first (data.children). */
  assetHasChildren: 'assetHasChildren',
  /** The parent named does not exist, is the asset itself, or sits inside it. */
  assetParentInvalid: 'assetParentInvalid',
  /** The asset CSV cannot be read (data.detail: where and why), or its header names unknown columns (data.columns). */
  csvInvalid: 'csvInvalid',
  /** 'IPMI net is abnormal, please check if IPMI IP is configured and snmp is normal' (data.detail: ipmitool's words). */
  ipmiUnreachable: 'ipmiUnreachable',
  /** The node's asset has no BMC address, user or password. */
  ipmiNotConfigured: 'ipmiNotConfigured',
  /** Power actions are off for the cluster (clusters[].power.enabled). */
  powerDisabled: 'powerDisabled',
  /** Drain before power off asked of a scheduler without real nodes (the built-in one). */
  drainUnsupported: 'drainUnsupported',
  // Metrics (docs/metrics.md); spec section 8's service texts.
  /** '{name} Service unavailable!': the metric source (Prometheus) cannot be reached (data.name, data.detail). */
  serviceUnavailable: 'serviceUnavailable',
  /** '{name} interface error': the metric source answered with an error or what is not its API (data.name, data.detail). */
  serviceInterfaceError: 'serviceInterfaceError',
  /** A metric name the catalogue does not hold (data.metrics). */
  metricUnknown: 'metricUnknown',
  // Alarms (issue 16, docs/alarms.md); spec section 8's alarm texts.
  /** No threshold template with that id. */
  alarmTemplateNotFound: 'alarmTemplateNotFound',
  /** 'Template name already exists'. */
  templateNameExists: 'templateNameExists',
  /** 'Asset already used by another template' (data.names, data.template). */
  assetInOtherTemplate: 'assetInOtherTemplate',
  /** 'No configurable indicator': the resource type has no metric to alarm on, or not the one named (data.metrics). */
  noConfigurableIndicator: 'noConfigurableIndicator',
  /** A resource named is not an asset of the template's type (data.ids). */
  templateResourceInvalid: 'templateResourceInvalid',
  /** No alarm with that id (data.ids). */
  alarmNotFound: 'alarmNotFound',
  /** The template has an indicator of that metric already (data.metric): indicators do not repeat. */
  indicatorExists: 'indicatorExists',
  /** The template has no indicator of that metric (data.metric). */
  indicatorNotFound: 'indicatorNotFound',
  // Alarm notifications (issue 16, docs/alarms.md "Notifications").
  /** No notification rule with that id (data.id). */
  noticeRuleNotFound: 'noticeRuleNotFound',
  /** 'Rule name already exists': rule names are unique within a rule type (data.name). */
  noticeRuleNameExists: 'noticeRuleNameExists',
  /** No notification record with that id (data.id). */
  noticeRecordNotFound: 'noticeRecordNotFound',
  // Alarm exports (issue 16): spec section 8's export texts.
  /** 'There are no alarms in the selected period': nothing matches the export's filters. */
  noAlarmsInPeriod: 'noAlarmsInPeriod',
  /** 'Alarm report export failed': writing the file failed (the server log says why). */
  alarmExportFailed: 'alarmExportFailed',
  /** No export task of the caller with that id. */
  alarmExportNotFound: 'alarmExportNotFound',
  /** The task is still queued or being written, or it failed: nothing to download yet. */
  alarmExportNotReady: 'alarmExportNotReady',
  /** The user already has ALARM_EXPORTS_PENDING_MAX exports queued or being written (data.max). */
  tooManyAlarmExports: 'tooManyAlarmExports',
  // Aggregate alarm rules (issue 16, docs/alarms.md "Aggregation").
  /** No aggregate rule with that id (data.id). */
  aggregateRuleNotFound: 'aggregateRuleNotFound',
  /** An aggregate rule of that name exists (data.name): names are unique. */
  aggregateRuleNameExists: 'aggregateRuleNameExists',
  /** A rule's name cannot change once created (data.name). */
  aggregateRuleNameImmutable: 'aggregateRuleNameImmutable',
  /** A scan order that does not name every rule exactly once. */
  aggregateOrderInvalid: 'aggregateOrderInvalid',
} as const;

export type ErrReasonValue = (typeof ErrReason)[keyof typeof ErrReason];
