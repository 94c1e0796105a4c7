import { deleteQueue } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useQueuesMutation } from './use-queues-mutation';

export const useDeleteQueue = () => useQueuesMutation((name: string) => api(deleteQueue, { params: { name }, query: {} }));
