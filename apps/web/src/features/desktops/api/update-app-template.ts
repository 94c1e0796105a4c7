import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateAppTemplate, type BodyOf } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { appTemplatesQuery } from './list-app-templates';

export type AppTemplateChange = BodyOf<typeof updateAppTemplate>;

/** Offers an application or not, and sets its desktop command; the list takes the server's answer. */
export const useUpdateAppTemplate = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, body }: { appId: string; body: AppTemplateChange }) =>
      api(updateAppTemplate, { params: { appId }, body }),
    onSuccess: (app) => qc.setQueryData(appTemplatesQuery().queryKey, (old) => old?.map((a) => (a.id === app.id ? app : a))),
  });
};
