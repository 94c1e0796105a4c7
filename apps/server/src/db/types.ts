import type { ApplicationsTable, QuotasTable, UsageTotalsTable } from './quota-tables.js';
import type { BillingAccountsTable, BillLinesTable, BillsTable, LedgerTable, PricesTable } from './bill-tables.js';
import type { UsageDailyTable, UsageMonthlyTable, UsageRollupStateTable } from './report-tables.js';
import type {
  UsersTable,
  OrgUnitsTable,
  AccountsTable,
  AccountMembersTable,
  UserKeysTable,
  UserAuthTokensTable,
} from './people-tables.js';
import type {
  SessionsTable,
  CaptchasTable,
  LoginThrottleTable,
  PasswordResetsTable,
  AuditLogTable,
  SettingsTable,
} from './auth-tables.js';
import type {
  JobsTable,
  IngestWatermarksTable,
  JobSubmissionsTable,
  LocalJobsTable,
  LocalPartitionsTable,
} from './job-tables.js';
import type { UploadsTable, TransfersTable } from './file-tables.js';
import type { ReportFilesTable } from './report-file-tables.js';
import type { AppSettingsTable, DesktopSessionsTable, DesktopSharesTable } from './desktop-tables.js';
import type { AssetsTable } from './asset-tables.js';
import type {
  AlarmConfirmationsTable,
  AlarmSnapshotsTable,
  AlarmStatesTable,
  AlarmsTable,
  AlarmTemplateIndicatorsTable,
  AlarmTemplateResourcesTable,
  AlarmTemplatesTable,
  NotificationContactsTable,
  NotificationOutboxTable,
  NotificationRulesTable,
} from './alarm-tables.js';
import type { AlarmAggregateMembersTable, AlarmAggregateRulesTable } from './alarm-aggregation-tables.js';
import type { JobNoticeSubscriptionsTable } from './job-notice-tables.js';
import type { MetricPartitionsTable, MetricRollupStateTable, MetricRollupTable, MetricSeriesTable } from './metric-tables.js';

export type { PriceRow, BillRow, BillLineRow, LedgerRow } from './bill-tables.js';
export type { ApplicationRow, QuotaRow, UsageTotalsRow } from './quota-tables.js';
export type {
  UsersTable,
  OrgUnitsTable,
  AccountsTable,
  AccountMembersTable,
  UserKeysTable,
  UserAuthTokensTable,
  UserRow,
  NewUser,
  UserUpdate,
  OrgUnitRow,
  AccountRow,
  UserAuthTokenRow,
  UserKeyRow,
} from './people-tables.js';
export type {
  SessionsTable,
  CaptchasTable,
  LoginThrottleTable,
  PasswordResetsTable,
  AuditLogTable,
  SettingsTable,
  LoginThrottleRow,
  CaptchaRow,
  PasswordResetRow,
  AuditRow,
} from './auth-tables.js';
export type {
  JobsTable,
  IngestWatermarksTable,
  JobSubmissionsTable,
  LocalJobsTable,
  LocalPartitionsTable,
  JobRow,
  NewJobRow,
  JobSubmissionRow,
  NewJobSubmission,
  LocalJobRow,
  LocalPartitionRow,
} from './job-tables.js';
export type { UploadsTable, TransfersTable, UploadRow, TransferRow } from './file-tables.js';
export type { ReportFilesTable, ReportFileRow } from './report-file-tables.js';
export type { DesktopSessionsTable, DesktopSharesTable, DesktopSessionRow, DesktopShareRow } from './desktop-tables.js';
export type { AssetsTable, AssetRow } from './asset-tables.js';

/* The portal's database: each area's tables live in its own file (*-tables.ts). */
export interface Database {
  users: UsersTable;
  org_units: OrgUnitsTable;
  accounts: AccountsTable;
  account_members: AccountMembersTable;
  quotas: QuotasTable;
  usage_totals: UsageTotalsTable;
  applications: ApplicationsTable;
  usage_daily: UsageDailyTable;
  prices: PricesTable;
  billing_accounts: BillingAccountsTable;
  bills: BillsTable;
  bill_lines: BillLinesTable;
  ledger: LedgerTable;
  usage_monthly: UsageMonthlyTable;
  usage_rollup_state: UsageRollupStateTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  login_throttle: LoginThrottleTable;
  password_resets: PasswordResetsTable;
  audit_log: AuditLogTable;
  settings: SettingsTable;
  user_keys: UserKeysTable;
  jobs: JobsTable;
  job_submissions: JobSubmissionsTable;
  ingest_watermarks: IngestWatermarksTable;
  local_jobs: LocalJobsTable;
  local_partitions: LocalPartitionsTable;
  uploads: UploadsTable;
  user_auth_tokens: UserAuthTokensTable;
  transfers: TransfersTable;
  report_files: ReportFilesTable;
  desktop_sessions: DesktopSessionsTable;
  desktop_shares: DesktopSharesTable;
  assets: AssetsTable;
  metric_series: MetricSeriesTable;
  metric_partitions: MetricPartitionsTable;
  metric_rollup_5m: MetricRollupTable;
  metric_rollup_1h: MetricRollupTable;
  metric_rollup_state: MetricRollupStateTable;
  alarms: AlarmsTable;
  alarm_states: AlarmStatesTable;
  alarm_templates: AlarmTemplatesTable;
  alarm_template_resources: AlarmTemplateResourcesTable;
  alarm_template_indicators: AlarmTemplateIndicatorsTable;
  alarm_confirmations: AlarmConfirmationsTable;
  alarm_snapshots: AlarmSnapshotsTable;
  notification_rules: NotificationRulesTable;
  notification_contacts: NotificationContactsTable;
  notification_outbox: NotificationOutboxTable;
  app_settings: AppSettingsTable;
  alarm_aggregate_rules: AlarmAggregateRulesTable;
  alarm_aggregate_members: AlarmAggregateMembersTable;
  job_notice_subscriptions: JobNoticeSubscriptionsTable;
}
