import { queryOptions, useQuery } from '@tanstack/react-query';
import { listKeys } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const keysQuery = () => queryOptions({ queryKey: ['keys'], queryFn: () => api(listKeys) });

export const useKeys = (enabled: boolean) => useQuery({ ...keysQuery(), enabled });
