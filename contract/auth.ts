import { z } from 'zod/mini';
import { oauthCode, oauthRedirectUri, oauthState } from './oauth';
import { ErrorBodySchema, MessageBodySchema } from './common';
import {
  email,
  language,
  LANGUAGES,
  LIMITS,
  newPassword,
  password,
  ROLES,
  text,
  theme,
  THEMES,
  timestamp,
} from './fields';
import { BODY_ERRORS, defineOperation, errors } from './operation';

const tag = 'Auth';

export const UserSchema = z
  .object({
    _id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    plan: z.object({ id: z.string(), label: z.string() }),
    /** Each null until the user picks one: the app then keeps what this browser shows (a guest's choice). */
    language: z.nullable(z.enum(LANGUAGES)),
    theme: z.nullable(z.enum(THEMES)),
    redeemedCoupons: z.array(z.string()),
    createdAt: timestamp(),
    /**
     * Present only when the caller's token is an impersonation (contract/impersonation.ts): the
     * admin acting as this user, for the app's banner.
     */
    impersonatedBy: z.optional(z.object({ id: z.uuid(), name: z.string() })),
    /**
     * Present only in the signed-in user's own answers while a change of address waits for its
     * link (contract/user-account.ts `requestEmailChange`): `email` stays the address until then.
     */
    pendingEmail: z.optional(z.object({ email: z.string(), expiresAt: timestamp() })),
    /**
     * Present only in the signed-in user's own answers: the session the token belongs to (its
     * `sid`: the sign-in's, or the impersonation's). Its live updates come on its own private
     * channel, `private-App.Models.User.{_id}.{sessionId}` (contract/realtime.ts).
     */
    sessionId: z.optional(z.uuid()),
  })
  .register(z.globalRegistry, { id: 'User' });
export type User = z.infer<typeof UserSchema>;

/** Sign-in, sign-up and refresh answer with this, and set (or rotate) the refresh cookie. */
export const TokenAnswerSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().check(z.int(), z.positive()),
    user: UserSchema,
  })
  .register(z.globalRegistry, { id: 'TokenAnswer' });

/**
 * A Facebook sign-up's answer: the session, and whether the account was made now or was already
 * there (the person had signed up with this Facebook account before, or connected it).
 */
export const FacebookSignUpAnswerSchema = z
  .extend(TokenAnswerSchema, { account: z.enum(['created', 'existing']) })
  .register(z.globalRegistry, { id: 'FacebookSignUpAnswer' });

export const SignInBodySchema = z.object({ email: email(), password: password() });
export const RegisterBodySchema = z.object({
  firstName: text(LIMITS.name),
  lastName: text(LIMITS.name),
  email: email(),
  password: newPassword(),
  language: z.optional(language()),
});
/**
 * The preferences and the profile (the account page, docs/product.md#the-account): what is left out
 * is kept.
 */
export const UpdateMeBodySchema = z.object({
  language: z.optional(language()),
  theme: z.optional(theme()),
  firstName: z.optional(text(LIMITS.name)),
  lastName: z.optional(text(LIMITS.name)),
  email: z.optional(email()),
});
export const ForgotBodySchema = z.object({ email: email() });
export const ResetBodySchema = z.object({ password: newPassword(), token: text(LIMITS.token), email: email() });

export const UserAnswerSchema = z.object({ user: UserSchema });

export const login = defineOperation({
  method: 'POST',
  path: '/v1.0/auth/login',
  summary: 'Sign in',
  description:
    'Rate-limited, each attempt counted before the password is checked (a success is given back): ' +
    '5 failures per account and address, 10 per account from any address, 100 per address, in 15 minutes; ' +
    'past that each further attempt waits, the wait doubling up to a cap (`Retry-After`).',
  tag,
  access: 'public',
  body: SignInBodySchema,
  responses: { 200: { description: 'Signed in.', body: TokenAnswerSchema }, ...errors(401, 429, ...BODY_ERRORS) },
});

export const register = defineOperation({
  method: 'POST',
  path: '/v1.0/auth/register',
  summary: 'Sign up',
  description:
    '`errors.email` when the address is taken, whatever its case. One transaction: the account exists only with its ' +
    'session. Rate-limited: 20 per address in 15 minutes.',
  tag,
  access: 'public',
  body: RegisterBodySchema,
  responses: { 201: { description: 'Signed up and in.', body: TokenAnswerSchema }, ...errors(429, ...BODY_ERRORS) },
});

/**
 * Why a session ended, where the app can tell the user: signed out, a copy of its cookie came
 * back (`reused`), "sign out everywhere", the password changed or was reset, the address changed.
 */
export const SESSION_END_REASONS = [
  'signedOut',
  'reused',
  'everywhere',
  'passwordChanged',
  'passwordReset',
  'emailChanged',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/**
 * A refused refresh: the sentence, and why the session ended where it is known (one of
 * SESSION_END_REASONS). Typed as a string here so the sign-in page, which carries this operation,
 * carries no list it never reads: the app only tells a known reason from none.
 */
export const RefreshRefusedSchema = z.object({ message: z.string(), ended: z.optional(z.string()) });

export const refresh = defineOperation({
  method: 'POST',
  path: '/v1.0/auth/refresh',
  summary: 'Trade the refresh cookie for a new access token',
  description:
    'The cookie rotates on every use; presenting a rotated one again revokes its whole family ' +
    "(every session descended from the same sign-in). From the app's own pages only: a browser that says the call " +
    'comes from another origin (`Sec-Fetch-Site`, else `Origin`) gets a 403.',
  tag,
  access: 'refresh-cookie',
  responses: {
    200: { description: 'A new token; the cookie rotated.', body: TokenAnswerSchema },
    401: {
      description:
        'No live session. `ended` says why the session ended where the server knows it (another session ' +
        'changed the address or the password, or signed out everywhere), and the message says so.',
      body: RefreshRefusedSchema,
    },
    ...errors(403),
  },
});

export const logout = defineOperation({
  method: 'POST',
  path: '/v1.0/auth/logout',
  summary: 'Sign out',
  description:
    "Revokes the session of the presented refresh cookie (or of the bearer token's session) and clears the cookie; " +
    "that session's access tokens stop working at once. From the app's own pages only (403 otherwise, as for the " +
    'refresh).',
  tag,
  access: 'refresh-cookie',
  responses: { 204: { description: 'Signed out.' }, ...errors(403) },
});

export const me = defineOperation({
  method: 'GET',
  path: '/v1.0/auth/me',
  summary: 'The signed-in user',
  tag,
  access: 'user',
  responses: { 200: { description: 'The user.', body: UserAnswerSchema }, ...errors(401) },
});

export const updateMe = defineOperation({
  method: 'PATCH',
  path: '/v1.0/auth/me',
  summary: "Change the signed-in user's preferences (language, theme) and profile (names)",
  description:
    'Needs no password. `email` is taken only as the current address (a change of its case); a new address is ' +
    '`requestEmailChange`, with the password and a link to confirm (422 `email` here).',
  tag,
  access: 'user',
  body: UpdateMeBodySchema,
  responses: { 200: { description: 'The changed user.', body: UserAnswerSchema }, ...errors(401, ...BODY_ERRORS) },
});

export const forgot = defineOperation({
  method: 'POST',
  path: '/v1.0/auth/forgot',
  summary: 'Mail a password reset link',
  description:
    'Answers the same, and as fast, whether or not the address has an account (the look-up runs after the answer). ' +
    'Rate-limited: 3 per account from any address, 20 per address, in 15 minutes. The link is single use and ' +
    'expires after 60 minutes.',
  tag,
  access: 'public',
  body: ForgotBodySchema,
  responses: {
    200: { description: 'Sent, if the account exists.', body: MessageBodySchema },
    ...errors(429, ...BODY_ERRORS),
  },
});

export const reset = defineOperation({
  method: 'POST',
  path: '/v1.0/auth/reset',
  summary: 'Set a new password with a reset token',
  description:
    '`errors.token` when the token is unknown, used, expired or for another email. Ends every session and every ' +
    'access token at once. Rate-limited: 5 failures per account, 20 per address, in 15 minutes.',
  tag,
  access: 'public',
  body: ResetBodySchema,
  responses: {
    200: { description: 'The password is changed.', body: MessageBodySchema },
    ...errors(429, ...BODY_ERRORS),
  },
});

/**
 * The Facebook sign-in and sign-up round trips (docs/product.md#sign-in-with-facebook; decision
 * 025).
 */
export const FACEBOOK_AUTH_PURPOSES = ['sign-in', 'sign-up'] as const;

export const FacebookAuthorizeBodySchema = z.object({
  purpose: z.enum(FACEBOOK_AUTH_PURPOSES, { error: 'in' }),
  /** Ask again for the email permission the person declined (Facebook's `auth_type=rerequest`). */
  rerequest: z.optional(z.boolean()),
});

const facebookReturnBody = { code: oauthCode(), state: oauthState(), redirect_uri: oauthRedirectUri() };
export const FacebookLoginBodySchema = z.object(facebookReturnBody);
export const FacebookRegisterBodySchema = z.object({ ...facebookReturnBody, language: z.optional(language()) });

const stateRefused = {
  description: 'The state is unknown, expired, used, or was started in another browser.',
  body: ErrorBodySchema,
} as const;
const providerTrouble = {
  description: 'Facebook could not be reached, or answered something unusable.',
  body: ErrorBodySchema,
} as const;

export const authorizeFacebookAuth = defineOperation({
  method: 'POST',
  path: '/v1.0/auth/facebook/authorize',
  summary: 'Start signing in or up with Facebook: the login dialog address',
  description:
    'Issues a single-use `state` (ten minutes) bound to this browser by an `HttpOnly` cookie it sets, and answers ' +
    "Facebook's login dialog for it, returning to `/auth/facebook-login/callback` or `/auth/facebook-register/callback`. " +
    '409 when no Facebook app is configured.',
  tag,
  access: 'public',
  body: FacebookAuthorizeBodySchema,
  responses: {
    200: { description: 'Where to send the browser.', body: z.object({ url: z.string() }) },
    ...errors(429, ...BODY_ERRORS),
    409: { description: 'No Facebook app is configured.', body: ErrorBodySchema },
  },
});

export const facebookLogin = defineOperation({
  method: 'POST',
  path: '/v1.0/auth/facebook/login',
  summary: 'Sign in with the code Facebook sent back',
  description:
    'Checks the state (once, from the browser that started it: 409 otherwise), exchanges the code (422 `errors.code` ' +
    'when Facebook refuses it) and signs in the user who connected that Facebook account. An account no user ' +
    'connected answers 401. Rate-limited as password sign-in is per address.',
  tag,
  access: 'public',
  body: FacebookLoginBodySchema,
  responses: {
    200: { description: 'Signed in.', body: TokenAnswerSchema },
    ...errors(401, 429, ...BODY_ERRORS),
    409: stateRefused,
    502: providerTrouble,
  },
});

export const facebookRegister = defineOperation({
  method: 'POST',
  path: '/v1.0/auth/facebook/register',
  summary: 'Sign up with the code Facebook sent back',
  description:
    'As `facebookLogin`, then creates the user from the Facebook profile (name and email; no password until a reset ' +
    'sets one) with the Facebook account connected, and signs them in. `errors.email` when Facebook did not share ' +
    'the email address (the person declined it) or the address is taken by an account this Facebook account is ' +
    'not connected to. A Facebook account some user already connected signs that user in instead (200), as ' +
    '`facebookLogin` would.',
  tag,
  access: 'public',
  body: FacebookRegisterBodySchema,
  responses: {
    200: {
      description: 'Already had an account with this Facebook account: signed in to it.',
      body: FacebookSignUpAnswerSchema,
    },
    201: { description: 'Signed up and in.', body: FacebookSignUpAnswerSchema },
    ...errors(429, ...BODY_ERRORS),
    409: stateRefused,
    502: providerTrouble,
  },
});
