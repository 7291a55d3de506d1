import { createHmac, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import pLimit from 'p-limit';
import * as webhooks from '../../contract/webhooks';
import { WEBHOOK_BODY_LIMIT } from '../../contract/webhooks';
import type { AppEnv, Services } from '../http/context';
import { HttpError } from '../http/errors';
import { parseJsonBody, readBodyBytes } from '../http/json-body';
import { route } from '../http/operation';
import { validate } from '../http/validation';
import { sameSecret } from '../security/same-secret';
import { APPLY_FACEBOOK_WEBHOOK, workFacebookWebhooks } from './job';
import { createEncryption } from '../security/encryption';
import { workRuleHides } from '../inbox/rules';

/**
 * Whether `header` (X-Hub-Signature-256) is `sha256=` and the HMAC-SHA256 of exactly these bytes
 * with the app secret, compared in constant time.
 */
export function signatureMatches(header: string | undefined, body: Uint8Array, appSecret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(body).digest();
  return timingSafeEqual(Buffer.from(match[1]!, 'hex'), expected);
}

/**
 * `value` with every string storable in PostgreSQL's `jsonb` and `text`: a NUL (which neither
 * holds) and a lone surrogate (not UTF-8) become U+FFFD. Meta's text is the provider's, not ours
 * to refuse: the delivery is kept with the character replaced, as a browser shows it. Recursive:
 * for a parsed body, which parseJsonBody keeps within MAX_JSON_DEPTH (server/http/json-body.ts).
 */
// NUL is exactly what is looked for here.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function storable(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(UNSTORABLE, '\uFFFD');
  if (Array.isArray(value)) return value.map(storable);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [storable(key) as string, storable(inner)]));
  }
  return value;
}

/** The signature Meta puts on `body`: what the sandbox signs its deliveries with. */
export const signatureOf = (body: string | Uint8Array, appSecret: string) =>
  `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;

/**
 * How many deliveries one instance takes in at once (decision 045): parsed, checked and stored.
 * The others wait their turn, read and signed already (decision 057), so a sender that is slow
 * to send its bytes never holds a turn. A burst would otherwise take the whole of the API's one
 * thread, and the people using the app would wait behind it: with PGlite the database runs on
 * that thread too, so a burst gets less of it. Measured by `npm run bench -- --ingest`.
 */
export const INTAKE_LIMIT = { pglite: 2, postgres: 4 } as const;

/** Meta's webhooks (contract/webhooks.ts; docs/decisions/044). */
export function webhookRoutes(s: Services) {
  const routes = new Hono<AppEnv>();
  // Rules that hide at the network reach the provider with the accounts' tokens.
  const ingest = { ...s, encryption: createEncryption(s.config.tokenEncryptionKey) };
  workFacebookWebhooks(s.jobs, ingest);
  workRuleHides(s.jobs, ingest);
  const intake = pLimit(INTAKE_LIMIT[s.config.databaseUrl ? 'postgres' : 'pglite']);

  route(routes, s, webhooks.verifyFacebookWebhook, async (c, { query }) => {
    const expected = s.config.facebookWebhookVerifyToken;
    const given = query['hub.verify_token'];
    const challenge = query['hub.challenge'];
    if (
      query['hub.mode'] !== 'subscribe' ||
      expected === undefined ||
      given === undefined ||
      challenge === undefined ||
      !sameSecret(given, expected)
    ) {
      throw new HttpError(403, 'webhookVerification');
    }
    return c.text(challenge, 200);
  });

  // By hand rather than with route(): the signature is over the raw bytes, checked before
  // anything of them is read.
  routes.post(webhooks.receiveFacebookWebhook.path, async (c) => {
    // Received in full (within the size limit, and within the server's deadline for a request:
    // server/http/node-server.ts) and signed before it takes a turn of the intake: a sender
    // that trickles its bytes, or has no signature, holds its own connection and nothing else
    // (decision 057).
    const bytes = await readBodyBytes(c, WEBHOOK_BODY_LIMIT);
    if (!signatureMatches(c.req.header('x-hub-signature-256'), bytes, s.config.facebookAppSecret)) {
      throw new HttpError(401, 'webhookSignature');
    }
    return intake(async () => {
      const delivery = validate(webhooks.receiveFacebookWebhook.body, storable(parseJsonBody(c, bytes)));
      // Kept before the answer (a job is a row): a delivery acknowledged is never lost. A
      // burst's deliveries are stored together and applied a batch at a time (decision 045).
      await s.jobs.sendTogether(APPLY_FACEBOOK_WEBHOOK, { delivery });
      return c.body(null, 200);
    });
  });

  return routes;
}
