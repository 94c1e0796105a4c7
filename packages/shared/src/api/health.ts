import { z } from 'zod';
import { defineContract } from '../contract.js';

export const healthz = defineContract({
  id: 'health.check',
  method: 'GET',
  path: '/healthz',
  permission: 'public',
  summary: 'Answers 200 once the server serves requests and reaches its database',
  data: z.object({ status: z.literal('ok'), version: z.string() }),
});
