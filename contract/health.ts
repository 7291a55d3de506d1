import { z } from 'zod/mini';
import { defineOperation } from './operation';

export const health = defineOperation({
  method: 'GET',
  path: '/v1.0/health',
  summary: 'Whether the API is up, and how far its start has got',
  tag: 'Health',
  access: 'public',
  responses: {
    200: {
      description:
        'Up. `starting` while a part is not ready yet: requests that need the database wait for it ' +
        '(a second or so), work queued meanwhile waits in the database for the jobs to poll.',
      body: z.object({
        status: z.enum(['ok', 'starting']),
        parts: z.object({
          database: z.enum(['starting', 'ready']),
          jobs: z.enum(['starting', 'ready']),
        }),
      }),
    },
  },
});
