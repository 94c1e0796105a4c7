import { deleteOrgUnit } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useOrgMutation } from './use-org-mutation';

export const useDeleteOrgUnit = () => useOrgMutation((id: number) => api(deleteOrgUnit, { params: { id } }));
