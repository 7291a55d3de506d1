import { z } from 'zod/mini';
import { MessageBodySchema } from './common';
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

export const SignInBodySchema = z.object({ email: email(), password: password() });
export const RegisterBodySchema = z.object({
  firstName: text(LIMITS.name),
  lastName: text(LIMITS.name),
  email: email(),
  password: newPassword(),
  language: z.optional(language()),
});
/** Either preference, or both; what is left out is kept. */
export const UpdateMeBodySchema = z.object({ language: z.optional(language()), theme: z.optional(theme()) });
export const ForgotBodySchema = z.object({ email: email() });
export const ResetBodySchema = z.object({ password: newPassword(), token: text(LIMITS.token), email: email() });

const UserAnswerSchema = z.object({ user: UserSchema });

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

export const refresh = defineOperation({
  method: 'POST',
  path: '/v1.0/auth/refresh',
  summary: 'Trade the refresh cookie for a new access token',
  description:
    'The cookie rotates on every use; presenting a rotated one again revokes its whole family ' +
    '(every session descended from the same sign-in).',
  tag,
  access: 'refresh-cookie',
  responses: { 200: { description: 'A new token; the cookie rotated.', body: TokenAnswerSchema }, ...errors(401) },
});

export const logout = defineOperation({
  method: 'POST',
  path: '/v1.0/auth/logout',
  summary: 'Sign out',
  description:
    "Revokes the session of the presented refresh cookie (or of the bearer token's session) and clears the cookie; " +
    "that session's access tokens stop working at once.",
  tag,
  access: 'refresh-cookie',
  responses: { 204: { description: 'Signed out.' } },
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
  summary: "Change the signed-in user's preferences (language, theme)",
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
