import type { ColumnType, Generated } from 'kysely';

/*
 * The alarm engine's tables (migration 0019, docs/alarms.md). Times are epoch milliseconds.
 * An alarm is open while recovered_at is null; its state row points at it.
 */

export interface AlarmsTable {
  id: Generated<number>;
  cluster_id: string;
  resource: string;
  metric: string;
  /** The rule that raised it (a template's indicator). */
  rule_key: string;
  /** 'threshold' (a level was hit) or 'noData' (samples stopped coming). */
  kind: string;
  /** The severity now, following the hits while open. */
  severity: string;
  /** The most severe it has been. */
  peak_severity: string;
  /** The latest hitting value; null for a no-data alarm. */
  value: number | null;
  raised_at: number;
  recovered_at: number | null;
  recovery_value: number | null;
  /** Spec section 4: 0 ordinary, 3 aggregated. */
  status: Generated<number>;
  /** The condition of the level the severity comes from (migration 0021): '>' and '95', 'in' and '10..20'. */
  condition_op: string | null;
  threshold: string | null;
  /** 1 once confirmed (the latest of the confirmation log). */
  confirmed: Generated<number>;
  confirmed_by: string | null;
  confirmed_at: number | null;
  confirm_remark: string | null;
  /** The open aggregated alarm hiding it from the real-time list (migration 0024). */
  suppressed_by: number | null;
}

/** Every confirm and unconfirm, never changed (migration 0021). */
export interface AlarmConfirmationsTable {
  id: Generated<number>;
  alarm_id: number;
  action: string;
  remark: string;
  user_name: string;
  at: number;
}

/** The alarm's metric an hour either side of its raise, kept with it. */
export interface AlarmSnapshotsTable {
  alarm_id: number;
  from_ms: number;
  to_ms: number;
  step_seconds: number;
  points: string;
}

/** The engine's state for one (resource, metric, rule): the streaks and the open alarms. */
export interface AlarmStatesTable {
  cluster_id: string;
  resource: string;
  metric: string;
  rule_key: string;
  /** The newest sample applied: a sample at or before it is not applied again. */
  last_time: number;
  hits: number;
  misses: number;
  missing: number;
  alarm_id: number | null;
  no_data_alarm_id: number | null;
}

/** A threshold template (migration 0020). */
export interface AlarmTemplatesTable {
  id: Generated<number>;
  name: string;
  /** custom | silent */
  kind: string;
  resource_type: string;
  description: string;
  /** 1 enabled, 0 disabled. */
  enabled: number;
  updated_at: number;
  updated_by: string;
}

/** Which template holds an asset: one at most. */
export interface AlarmTemplateResourcesTable {
  asset_id: number;
  template_id: number;
}

/** An indicator of a template: a metric with its levels (JSON) and counts. */
export interface AlarmTemplateIndicatorsTable {
  id: Generated<number>;
  template_id: number;
  metric: string;
  alarm_count: number;
  recovery_count: number;
  no_data_count: number | null;
  levels: string;
}

/** A notification rule (migration 0022): its name is unique per type; scope is JSON. */
export interface NotificationRulesTable {
  id: Generated<number>;
  name: string;
  type: string;
  content: string;
  interval_minutes: number;
  /** 1 active, 0 inactive. */
  active: number;
  weight: number;
  scope: string;
  created_at: number;
  updated_at: number;
  updated_by: string;
}

/** An email address (channel mail) or phone number (channel sms) of a rule, each once. */
export interface NotificationContactsTable {
  id: Generated<number>;
  rule_id: number;
  channel: string;
  address: string;
}

/** A notice to send, written with the alarm change it tells of; the sender delivers it. */
export interface NotificationOutboxTable {
  id: Generated<number>;
  idempotency_key: string;
  rule_id: number;
  rule_name: string;
  alarm_id: number;
  weight: number;
  channel: string;
  recipients: string;
  subject: string;
  content: string;
  /** waiting | sending | success | failure */
  status: string;
  attempts: Generated<number>;
  next_attempt_at: number;
  lease_until: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
  /** The members an aggregate notice told of (the float rule, migration 0026); null otherwise. */
  aggregate_count: ColumnType<number | null, number | null | undefined, number | null>;
}
