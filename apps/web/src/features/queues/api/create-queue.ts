import { createQueue, type CreateQueueBody } from '@portal/shared';
import { api } from '../../../lib/api-client';
import { useQueuesMutation } from './use-queues-mutation';

export const useCreateQueue = () => useQueuesMutation((body: CreateQueueBody) => api(createQueue, { body }));
