import { z } from 'zod/mini';
import { ErrorBodySchema } from './common';
import { text } from './fields';
import { defineOperation, errors } from './operation';

/**
 * Meta's data-deletion callback and the status page it links to
 * (docs/product.md#facebook-data-deletion; decision 018). Meta calls the callback when a person
 * removes the app from their Facebook account and asks for their data to go; the answer's `url` is
 * the page Meta shows them.
 */
const tag = 'Facebook data deletion';

/** A status id: 24 random bytes in base64url, so 32 characters nobody can guess. */
export const DELETION_STATUS_ID = /^[\w-]{32}$/;

/** Meta's app-scoped user id (digits today); kept to a plain token. */
export const FACEBOOK_USER_ID = /^[\w-]{1,64}$/;

/** A real signed_request is a few hundred characters; anything past this is not one. */
export const SIGNED_REQUEST_MAX_LENGTH = 2048;

/** A malformed status id is a request that does not exist (404, not 422). */
const statusId = () => z.string().check(z.regex(DELETION_STATUS_ID, 'notFound'));

export const FacebookDeletionStatusSchema = z
  .object({ deleted: z.boolean() })
  .register(z.globalRegistry, { id: 'FacebookDeletionStatus' });
export type FacebookDeletionStatus = z.infer<typeof FacebookDeletionStatusSchema>;

export const FacebookDeletionRequestSchema = z
  .object({
    /** The status page, for the person to follow. */
    url: z.url(),
    /** What the person can quote to support. */
    confirmation_code: z.string(),
  })
  .register(z.globalRegistry, { id: 'FacebookDeletionRequest' });

export const FacebookDeletionCallbackBodySchema = z.object({
  signed_request: text(SIGNED_REQUEST_MAX_LENGTH),
});

export const showFacebookDeletionStatus = defineOperation({
  method: 'GET',
  path: '/v1.0/facebook-deletion/:id',
  summary: 'Where a Facebook data-deletion request stands',
  description:
    "Open to anyone with the status id from the callback's `url`; `deleted` turns true once the data is gone. " +
    'An unknown or malformed id answers 404.',
  tag,
  access: 'public',
  params: z.object({ id: statusId() }),
  responses: {
    200: { description: 'The status.', body: FacebookDeletionStatusSchema },
    ...errors(404),
  },
});

export const requestFacebookDeletion = defineOperation({
  method: 'POST',
  path: '/v1.0/facebook-deletion',
  summary: "Meta's data-deletion request callback",
  description:
    'Meta posts `signed_request` form-encoded (`application/x-www-form-urlencoded`); JSON is accepted too. ' +
    'It is `<signature>.<payload>`, both base64url: the signature is the HMAC-SHA256 of the payload part with ' +
    "the app's secret (FACEBOOK_APP_SECRET), and the payload a JSON object with `algorithm` `HMAC-SHA256` and " +
    'the `user_id` whose data is to go. The request is recorded and the deletion runs as a background job; the ' +
    'answer links to its status page. A missing, malformed, forged or wrongly signed `signed_request` answers ' +
    '422 with the problem in `errors.signed_request`. Rate-limited: 30 refused requests per address in 15 ' +
    'minutes (accepted ones do not count).',
  tag,
  access: 'public',
  body: FacebookDeletionCallbackBodySchema,
  responses: {
    200: { description: 'Recorded; the deletion has started.', body: FacebookDeletionRequestSchema },
    ...errors(400, 413, 415, 422, 429),
    415: { description: 'The body is neither form-encoded nor JSON.', body: ErrorBodySchema },
  },
});
