import { z } from 'zod/mini';
import { defineOperation } from './operation';

export const health = defineOperation({
  method: 'GET',
  path: '/v1.0/health',
  summary: 'Whether the API is up',
  tag: 'Health',
  access: 'public',
  responses: { 200: { description: 'Up.', body: z.object({ status: z.literal('ok') }) } },
});
