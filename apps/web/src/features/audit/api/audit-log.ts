import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listAuditLog } from '@portal/shared';
import { api } from '../../../lib/api-client';

export interface AuditFilter {
  userName?: string;
  action?: string;
  result?: 'success' | 'failure';
  startTime?: string;
  endTime?: string;
  pageStart: number;
  pageLimit: number;
}

export const auditLogQuery = (f: AuditFilter) =>
  queryOptions({ queryKey: ['audit', f], queryFn: () => api(listAuditLog, { query: f }), placeholderData: keepPreviousData });

export const useAuditLog = (f: AuditFilter) => useQuery(auditLogQuery(f));
