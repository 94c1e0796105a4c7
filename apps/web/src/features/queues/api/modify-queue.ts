import { modifyQueue, type ModifyQueueBody } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useQueuesMutation } from './use-queues-mutation';

export const useModifyQueue = () =>
  useQueuesMutation(({ name, body }: { name: string; body: ModifyQueueBody }) => api(modifyQueue, { params: { name }, body }));
