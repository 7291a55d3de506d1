import { z } from 'zod/mini';
import { ErrorBodySchema } from '../common';
import { defineOperation } from '../operation';

/**
 * A stand-in for Mautic's OAuth2 endpoints (docs/product.md#mautic), served by the API under
 * /dev like the other dev endpoints: never in a deployment. Local mode points MAUTIC_BASE_URL's
 * default here, so the admin page's round trip works, and is tested, without a Mautic: the API
 * talks to it with the same code as to a real one. Its client is `orbita-sandbox` with the
 * secret `orbita-sandbox-secret` (or MAUTIC_CLIENT_ID and MAUTIC_CLIENT_SECRET), and its one
 * registered redirect URI the app's `/admin/mautic`.
 */
const tag = 'Development';

const param = () => z.optional(z.string());

/** Mautic's own error answer (RFC 6749 §5.2). */
export const OAuthErrorSchema = z.object({ error: z.string(), error_description: z.string() });

export const MauticSandboxTokenSchema = z.object({
  access_token: z.string(),
  expires_in: z.number().check(z.int(), z.positive()),
  token_type: z.string(),
  scope: z.null(),
  refresh_token: z.string(),
});

export const showMauticSandboxAuthorize = defineOperation({
  method: 'GET',
  path: '/dev/mautic/oauth/v2/authorize',
  summary: "The sandbox Mautic's authorize page",
  description:
    'An HTML page (not JSON) asking to allow or deny the client, as Mautic asks after its sign-in. An unknown ' +
    '`client_id` or a `redirect_uri` other than the registered one is an error page (never a redirect); a ' +
    '`response_type` other than `code` goes back with `error=unsupported_response_type`.',
  tag,
  access: 'public',
  query: z.object({
    client_id: param(),
    redirect_uri: param(),
    response_type: param(),
    state: param(),
    grant_type: param(),
  }),
  responses: {
    200: { description: 'The consent page (text/html).' },
    303: { description: 'Back to the redirect URI with an error.' },
    400: { description: 'An error page (text/html): unknown client or redirect URI.' },
  },
});

export const decideMauticSandboxAuthorize = defineOperation({
  method: 'POST',
  path: '/dev/mautic/oauth/v2/authorize',
  summary: "The consent page's answer",
  description:
    'Form-encoded, from the page. `decision=allow` goes back to the redirect URI with a `code` (single use, ' +
    'valid 60 seconds) and the `state`; `decision=deny` with `error=access_denied` and the `state`.',
  tag,
  access: 'public',
  body: z.object({
    client_id: z.string(),
    redirect_uri: z.string(),
    state: param(),
    decision: z.enum(['allow', 'deny']),
  }),
  responses: {
    303: { description: 'Back to the redirect URI.' },
    400: { description: 'An error page (text/html): not a form, unknown client or redirect URI.' },
    413: { description: 'The body is over 16 KiB.', body: ErrorBodySchema },
  },
});

export const exchangeMauticSandboxCode = defineOperation({
  method: 'POST',
  path: '/dev/mautic/oauth/v2/token',
  summary: "The sandbox Mautic's token endpoint",
  description:
    'Form-encoded (`application/x-www-form-urlencoded`), as RFC 6749 §4.1.3 has it: `grant_type` ' +
    '`authorization_code`, `client_id`, `client_secret`, `redirect_uri` and the `code` the authorize page gave. ' +
    'Answers like Mautic: the tokens, or `{ error, error_description }` (`invalid_client` 401, `invalid_grant` ' +
    'for a code that is unknown, expired, used or for another redirect URI, `invalid_request`, ' +
    '`unsupported_grant_type`: 400).',
  tag,
  access: 'public',
  body: z.object({
    grant_type: z.string(),
    client_id: z.string(),
    client_secret: z.string(),
    redirect_uri: z.string(),
    code: z.string(),
  }),
  responses: {
    200: { description: 'The tokens.', body: MauticSandboxTokenSchema },
    400: { description: 'A refused request.', body: OAuthErrorSchema },
    401: { description: 'Unknown client or wrong secret.', body: OAuthErrorSchema },
    413: { description: 'The body is over 16 KiB.', body: ErrorBodySchema },
  },
});
