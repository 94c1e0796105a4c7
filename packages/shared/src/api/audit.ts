import { z } from 'zod';
import { defineContract } from '../contract.js';
import { Page } from '../envelope.js';
import { PagingInput, zOptionalText } from '../input.js';
import { Timestamp } from './common.js';

export const AuditEntry = z.object({
  id: z.number().int(),
  at: Timestamp,
  userName: z.string(),
  roleId: z.number().int().nullable(),
  action: z.string(),
  method: z.string(),
  path: z.string(),
  ip: z.string(),
  result: z.enum(['success', 'failure']),
  errCode: z.number().int(),
  /** The subject of the action where there is one (a user name, a key name), never a secret. */
  target: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = PagingInput.extend({
  userName: zOptionalText(z.string().max(64)),
  action: zOptionalText(z.string().max(64)),
  result: z.enum(['success', 'failure']).optional(),
  startTime: zOptionalText(z.iso.datetime({ offset: true })),
  endTime: zOptionalText(z.iso.datetime({ offset: true })),
}).refine((q) => !q.startTime || !q.endTime || Date.parse(q.startTime) <= Date.parse(q.endTime), {
  message: 'start cannot be later than end',
  path: ['startTime'],
});

export const listAuditLog = defineContract({
  id: 'audit.list',
  method: 'GET',
  path: '/sys_audit/api/auditlogs',
  permission: 'audit:read',
  summary: 'Audit log of state-changing calls, newest first',
  query: AuditQuery,
  data: Page(AuditEntry),
});
