import { resourcesImportAssets } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useResourcesMutation } from './use-resources-mutation';

/** Checks (dryRun) or imports an asset CSV: all rows or none. */
export const useImportAssets = () =>
  useResourcesMutation(({ csv, dryRun }: { csv: string; dryRun: boolean }) =>
    api(resourcesImportAssets, { body: { csv, dryRun } }),
  );
