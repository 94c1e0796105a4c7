import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listAuditLog, type QueryOf } from '@portal/shared';
import { api } from '../../../lib/api-client';

export type AuditFilter = QueryOf<typeof listAuditLog>;

export const auditLogQuery = (f: AuditFilter) =>
  queryOptions({ queryKey: ['audit', f], queryFn: () => api(listAuditLog, { query: f }), placeholderData: keepPreviousData });

export const useAuditLog = (f: AuditFilter) => useQuery(auditLogQuery(f));
