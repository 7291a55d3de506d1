import { z } from 'zod/mini';
import { text } from './fields';

/**
 * What every OAuth round trip with a provider shares (decision 025): where the provider sends the
 * browser back, and the shapes of what it sends. Apart from contract/integrations.ts so the guest
 * pages' Facebook sign-in carries these and not the accounts' operations.
 */

/**
 * Where each provider sends the browser back: fixed addresses, as providers register them
 * (docs/deploy.md). A connection's return is a callback route of its own in the app
 * (app/routes/integrations/callback.tsx, one per key below), and so is the guest pages' Facebook
 * sign-in and sign-up (app/routes/auth/facebook-callback.tsx).
 */
export const OAUTH_RETURN_PATHS = {
  'facebook-account': '/integrations/facebook-account/callback',
  'linkedin-account': '/integrations/linkedin-account/callback',
  // Signing in and up with Facebook: app/routes/auth/facebook-callback.tsx.
  'facebook-login': '/auth/facebook-login/callback',
  'facebook-register': '/auth/facebook-register/callback',
  // A project's TikTok connection: the project is in the round trip's state.
  'tiktok-user': '/integrations/tiktok-user/callback',
  // A LinkedIn organization connected from a project
  // (docs/product.md#linkedin-organizations-from-a-project). A fixed address like the others (LinkedIn
  // takes only registered ones, exactly): the project is in the round trip's state, and the
  // store's answer names it for the app to go on to.
  'linkedin-organization': '/integrations/linkedin-organization/callback',
} as const;
export type OAuthReturn = keyof typeof OAUTH_RETURN_PATHS;

/**
 * An authorization code is opaque (RFC 6749 §4.1.2): Facebook's and LinkedIn's are base64url-ish
 * and a few hundred characters. Anything else never reaches a provider.
 */
export const OAUTH_CODE = /^[\w.~+/=#-]+$/;
export const oauthCode = () => text(2048).check(z.regex(OAUTH_CODE, 'invalid'));
/** Our own `state`: 256 random bits in base64url. */
export const oauthState = () => text(100).check(z.regex(/^[\w-]+$/, 'invalid'));
export const oauthRedirectUri = () => text(2048).check(z.url({ protocol: /^https?$/, error: 'invalid' }));
