import { createOrgUnit, type CreateOrgUnitBody } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useOrgMutation } from './use-org-mutation';

export const useCreateOrgUnit = () => useOrgMutation((body: CreateOrgUnitBody) => api(createOrgUnit, { body }));
