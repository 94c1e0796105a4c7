import { modifyOrgUnit, type ModifyOrgUnitBody } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useOrgMutation } from './use-org-mutation';

export const useModifyOrgUnit = () =>
  useOrgMutation(({ id, change }: { id: number; change: ModifyOrgUnitBody }) =>
    api(modifyOrgUnit, { params: { id }, body: change }),
  );
