import { createApplication, type CreateApplicationBody } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useApplicationsMutation } from './use-applications-mutation';

export const useCreateApplication = () =>
  useApplicationsMutation((body: CreateApplicationBody) => api(createApplication, { body }));
