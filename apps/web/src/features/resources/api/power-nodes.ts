import { resourcesPowerNodes, resourcesReadPower, type PowerAction } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useResourcesMutation } from './use-resources-mutation';

export interface PowerRequest {
  clusterId?: string | undefined;
  nodes: string[];
  action: PowerAction;
  drain: boolean;
}

/** Switches nodes' power; the answer has one line per node (a failed BMC does not stop the others). */
export const usePowerNodes = () =>
  useResourcesMutation(({ clusterId, ...body }: PowerRequest) =>
    api(resourcesPowerNodes, { body: { ...(clusterId ? { clusterId } : {}), ...body } }),
  );

/** Reads nodes' power from their BMCs. */
export const useReadPower = () =>
  useResourcesMutation(({ clusterId, nodes }: { clusterId?: string | undefined; nodes: string[] }) =>
    api(resourcesReadPower, { body: { clusterId, nodes } }),
  );
