import { resourcesDeleteAsset } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useResourcesMutation } from './use-resources-mutation';

export const useDeleteAsset = () => useResourcesMutation((id: number) => api(resourcesDeleteAsset, { params: { id } }));
