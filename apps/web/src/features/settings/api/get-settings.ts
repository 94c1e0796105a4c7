import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSystemSettings } from '@portal/shared';
import { api } from '../../../lib/api-client';

export const settingsQuery = () => queryOptions({ queryKey: ['settings'], queryFn: () => api(getSystemSettings) });

export const useSettings = () => useQuery(settingsQuery());
