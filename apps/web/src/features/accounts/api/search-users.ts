import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryUser } from '@portal/shared';
import { api } from '../../../lib/api-client';

/** Active users whose name contains the text: suggestions when adding a member (administrators only). */
export const userSuggestionsQuery = (text: string) =>
  queryOptions({
    queryKey: ['users', 'suggest', text],
    queryFn: async () =>
      (await api(queryUser, { body: { userName: text, status: 'active', pageStart: 0, pageLimit: 20 } })).list.map(
        (u) => u.userName,
      ),
    staleTime: 10_000,
  });

export const useUserSuggestions = (text: string, enabled: boolean) =>
  useQuery({ ...userSuggestionsQuery(text), enabled: enabled && text.length > 0 });
