import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { efficiencyReport } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { basisQuery, type UsageBasis } from './usage-report';

export const efficiencyReportQuery = (b: UsageBasis, pageStart: number, pageLimit: number) => {
  const query = { ...basisQuery(b), pageStart, pageLimit };
  return queryOptions({
    queryKey: ['reports', 'efficiency', query],
    queryFn: ({ signal }) => api(efficiencyReport, { query, signal }),
  });
};

/** CPU efficiency and memory used against requested over the page's range and scope. */
export const useEfficiencyReport = (b: UsageBasis, pageStart: number, pageLimit: number) =>
  useQuery({ ...efficiencyReportQuery(b, pageStart, pageLimit), placeholderData: keepPreviousData });
