import type { z } from 'zod/mini';
import type { FacebookDeletionRequestSchema, FacebookDeletionStatusSchema } from '../../contract/facebook-deletion';
import type { FacebookDeletionRequestRow } from '../db/schema';

/** The contract's FacebookDeletionStatus: all the status page shows, and all the id reveals. */
export const presentDeletionStatus = (
  row: FacebookDeletionRequestRow,
): z.input<typeof FacebookDeletionStatusSchema> => ({
  deleted: row.status === 'deleted',
});

/** The callback's answer: the status page in the app (app/routes/public/facebook-deletion.tsx). */
export const presentDeletionRequest = (
  row: FacebookDeletionRequestRow,
  appUrl: string,
): z.input<typeof FacebookDeletionRequestSchema> => ({
  url: `${appUrl}/facebook-deletion/${row.id}`,
  confirmation_code: row.confirmationCode,
});
