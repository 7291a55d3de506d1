import { z } from 'zod/mini';
import { ErrorBodySchema } from './common';
import { defineOperation, errors } from './operation';

/**
 * Meta's Webhooks (docs/product.md#comments-arrive-by-themselves; decision 044): Meta calls these
 * when a comment is added, edited or removed on a page a connected account subscribed to the app
 * (the Page `feed` field), or added on an Instagram account's media (the Instagram `comments`
 * field). The app's own sandbox delivers the same way in local mode.
 */
const tag = 'Webhooks';

/** Meta batches up to 1,000 changes in one delivery, each a few hundred bytes. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** What Meta's delivery says at its top: the kind of object and its changes, entry by entry. */
export const FacebookWebhookDeliverySchema = z.object({
  /** `page` or `instagram`; any other is acknowledged and ignored. */
  object: z.string().check(z.maxLength(64)),
  entry: z
    .array(
      z.object({
        /** The page's or the Instagram account's id. */
        id: z.string().check(z.minLength(1), z.maxLength(64)),
        /** When the change happened, in seconds (Meta's clock). */
        time: z.number(),
        /** Read one by one in the job: an unknown field or verb is skipped, not refused. */
        changes: z.optional(z.array(z.object({ field: z.string(), value: z.unknown() })).check(z.maxLength(1000))),
      }),
    )
    .check(z.maxLength(1000)),
});
export type FacebookWebhookDelivery = z.infer<typeof FacebookWebhookDeliverySchema>;

export const verifyFacebookWebhook = defineOperation({
  method: 'GET',
  path: '/webhooks/facebook',
  summary: "Meta's check of the webhook's callback URL",
  description:
    'Meta calls it when the callback URL is saved in the app dashboard, with `hub.mode=subscribe`, ' +
    '`hub.verify_token` and `hub.challenge`: when the token equals FACEBOOK_WEBHOOK_VERIFY_TOKEN the answer is ' +
    'the challenge as plain text. Anything else answers 403 (also while the setting is not set).',
  tag,
  access: 'public',
  query: z.object({
    'hub.mode': z.optional(z.string()),
    'hub.verify_token': z.optional(z.string()),
    'hub.challenge': z.optional(z.string()),
  }),
  responses: {
    200: { description: 'The challenge, as plain text.' },
    403: { description: 'Not a subscription, or not our verify token.', body: ErrorBodySchema },
  },
});

export const receiveFacebookWebhook = defineOperation({
  method: 'POST',
  path: '/webhooks/facebook',
  summary: "Meta's delivery of changes to pages and Instagram accounts",
  description:
    '`X-Hub-Signature-256` must be `sha256=` and the HMAC-SHA256 of the raw body with the app secret ' +
    '(FACEBOOK_APP_SECRET): without it, or with another, the answer is 401 and nothing is kept. A signed delivery ' +
    'is kept as a job and acknowledged at once; the comments change in the background, where a duplicate ' +
    'delivery changes nothing and deliveries out of order end in the state of the latest change. Comments of ' +
    'pages and Instagram accounts no channel follows are acknowledged and ignored.',
  tag,
  access: 'public',
  body: FacebookWebhookDeliverySchema,
  bodyLimit: WEBHOOK_BODY_LIMIT,
  responses: {
    200: { description: 'Kept; it is applied in the background.' },
    401: { description: 'The signature is missing or wrong.', body: ErrorBodySchema },
    ...errors(400, 413, 415, 422),
  },
});
