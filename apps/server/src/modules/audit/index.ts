/* What other modules may use of the audit log: its writer (they write through lib/audit's AuditWriter). */
export type { AuditService } from './audit.service.js';
