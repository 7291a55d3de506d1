import { z } from 'zod/mini';
import { ErrorBodySchema } from './common';
import { text, timestamp } from './fields';
import { BODY_ERRORS, defineOperation, errors } from './operation';

/**
 * Mautic authorisation (docs/product.md#mautic; decision 023): the installation holds one Mautic
 * API token, obtained by an admin through Mautic's OAuth2 authorisation-code flow. The browser goes
 * to Mautic's authorize page and comes back to the app with a code; the API exchanges the code with
 * Mautic (the client secret never reaches the browser) and keeps the tokens encrypted. Neither
 * token ever leaves the API: what it answers is whether one is held and until when.
 */
const tag = 'Mautic';

/** Where Mautic sends the browser back with `code` and `state`: the app's Mautic page. */
export const MAUTIC_REDIRECT_PATH = '/admin/mautic';

/**
 * An authorization code is opaque (RFC 6749 §4.1.2); Mautic's are letters and digits, other
 * servers' base64 or base64url. Anything else, or longer, is not a code and never reaches Mautic.
 */
export const MAUTIC_CODE = /^[\w.~+/=-]+$/;
export const MAUTIC_CODE_MAX_LENGTH = 512;

export const MauticTokenStatusSchema = z
  .object({
    /** When an admin obtained it. */
    obtainedAt: timestamp(),
    /** When Mautic stops taking the access token. */
    expiresAt: timestamp(),
  })
  .register(z.globalRegistry, { id: 'MauticTokenStatus' });

export const MauticStatusSchema = z
  .object({
    /** Whether this installation has a Mautic to authorise (MAUTIC_BASE_URL, or the local sandbox). */
    configured: z.boolean(),
    /** This installation's client id at Mautic; null when not configured. */
    clientId: z.nullable(z.string()),
    /** Mautic's authorize page, where the browser goes with the Mautic form; null when not configured. */
    authorizeUrl: z.nullable(z.string()),
    /** The app's page Mautic sends the browser back to (registered at Mautic as the redirect URI). */
    redirectUri: z.string(),
    /** The token held, if any. */
    token: z.nullable(MauticTokenStatusSchema),
  })
  .register(z.globalRegistry, { id: 'MauticStatus' });
export type MauticStatus = z.infer<typeof MauticStatusSchema>;

export const MauticCodeBodySchema = z.object({
  code: text(MAUTIC_CODE_MAX_LENGTH).check(z.regex(MAUTIC_CODE, 'invalid')),
});

export const showMautic = defineOperation({
  method: 'GET',
  path: '/v1.0/mautic',
  summary: "The Mautic authorisation: what the admin page needs, and the token's status",
  description:
    'The client id, the authorize URL and the redirect URI the Mautic form is built from, and whether a token is ' +
    'held and until when (never the token). `configured` is false when the installation has no Mautic ' +
    '(MAUTIC_BASE_URL unset in a deployment).',
  tag,
  access: 'admin',
  responses: {
    200: { description: 'The status.', body: MauticStatusSchema },
    ...errors(401, 403),
  },
});

export const obtainMauticToken = defineOperation({
  method: 'POST',
  path: '/v1.0/mautic/token',
  summary: 'Exchange an authorization code from Mautic for its API token',
  description:
    "The `code` Mautic's authorize page sent the browser back with. The API exchanges it at Mautic " +
    '(`POST {MAUTIC_BASE_URL}/oauth/v2/token`, grant `authorization_code`, with the client secret), keeps the ' +
    'access and refresh tokens encrypted in place of any held before, and answers the new status. A code Mautic ' +
    'refuses (unknown, expired, used) answers 422 in `errors.code`; a Mautic that cannot be reached, refuses ' +
    "this installation's credentials or answers nonsense, 502; no Mautic configured, 409. Rate-limited: 10 " +
    'attempts per admin in 15 minutes (a success gives its attempt back).',
  tag,
  access: 'admin',
  body: MauticCodeBodySchema,
  responses: {
    200: { description: 'The token is held; its status.', body: MauticStatusSchema },
    ...errors(...BODY_ERRORS, 401, 403, 429),
    409: { description: 'This installation has no Mautic configured.', body: ErrorBodySchema },
    502: {
      description: "Mautic could not be reached, refused this installation's credentials, or answered nonsense.",
      body: ErrorBodySchema,
    },
  },
});
