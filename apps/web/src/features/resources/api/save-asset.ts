import { resourcesCreateAsset, resourcesModifyAsset, type AssetInput } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useResourcesMutation } from './use-resources-mutation';

/** Adds an asset (no id) or changes one. */
export const useSaveAsset = () =>
  useResourcesMutation(({ id, body }: { id: number | null; body: AssetInput }) =>
    id === null ? api(resourcesCreateAsset, { body }) : api(resourcesModifyAsset, { params: { id }, body }),
  );
