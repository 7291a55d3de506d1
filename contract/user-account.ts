import { z } from 'zod/mini';
import { TokenAnswerSchema, UserAnswerSchema } from './auth';
import { email, LIMITS, newPassword, password, text } from './fields';
import { BODY_ERRORS, defineOperation, errors } from './operation';

/**
 * The account page's operations (docs/product.md#the-account): a module of their own, apart from `auth`, so the
 * sign-in screens' first load never carries them.
 */
const tag = 'Auth';

/** Changing the password: the current one (any, as sign-in takes it) and a new one by the rules. */
export const ChangePasswordBodySchema = z.object({ currentPassword: password(), password: newPassword() });
/** Deleting the account: the password says it is the owner. */
export const DeleteMeBodySchema = z.object({ password: password() });

export const changePassword = defineOperation({
  method: 'POST',
  path: '/v1.0/auth/password',
  summary: 'Change the password; every other session ends',
  description:
    'The current password must match (422 `currentPassword` otherwise; attempts are counted as sign-ins are). ' +
    'Every session of the account ends and every access token stops working; this browser goes on in a new ' +
    'session (a new refresh cookie and access token in the answer). Not while logged in as another user (403).',
  tag,
  access: 'user',
  body: ChangePasswordBodySchema,
  responses: {
    200: { description: 'Changed; the new session.', body: TokenAnswerSchema },
    ...errors(401, 403, 429, ...BODY_ERRORS),
  },
});

export const logoutEverywhere = defineOperation({
  method: 'POST',
  path: '/v1.0/auth/logout-everywhere',
  summary: 'Sign out everywhere',
  description:
    'Ends every session of the account (every refresh family revoked) and makes every access token issued to it ' +
    'stop working, this one included. Not while logged in as another user (403).',
  tag,
  access: 'user',
  responses: { 204: { description: 'Signed out everywhere.' }, ...errors(401, 403) },
});

export const deleteMe = defineOperation({
  method: 'DELETE',
  path: '/v1.0/auth/me',
  summary: 'Delete the account, with everything it owns',
  description:
    'The password must match (422 `password`; counted as sign-ins are). The account goes with its projects, ' +
    'connected accounts, channels and their comments, TikTok users and report links, in one statement (the ' +
    'foreign keys cascade); every session ends. Not while logged in as another user (403). An account made ' +
    'with Facebook and no password sets one first (forgot password).',
  tag,
  access: 'user',
  body: DeleteMeBodySchema,
  responses: { 204: { description: 'Deleted.' }, ...errors(401, 403, 429, ...BODY_ERRORS) },
});

/** A new address: the password says it is the owner. */
export const RequestEmailChangeBodySchema = z.object({ email: email(), currentPassword: password() });
/** The token of the link mailed to the new address. */
export const ConfirmEmailChangeBodySchema = z.object({ token: text(LIMITS.token) });

export const requestEmailChange = defineOperation({
  method: 'POST',
  path: '/v1.0/auth/email',
  summary: 'Ask to change the email address; it changes when the link mailed to the new one is opened',
  description:
    'The current password must match (422 `currentPassword`; counted as sign-ins are). An address another ' +
    'account has is a 422 on `email`; every such request counts (5 per account, 20 per address in 15 minutes, ' +
    'then a growing wait), so the answer is no free way to learn who has an account. A notice goes to the ' +
    'current address and a link to the new one (single use, 24 hours); a newer request replaces an older one. ' +
    'Until the link is opened the account keeps its address, and signs in with it; the answer shows the ' +
    'change waiting as `user.pendingEmail`. Not while logged in as another user (403).',
  tag,
  access: 'user',
  body: RequestEmailChangeBodySchema,
  responses: {
    200: { description: 'Asked; the user with `pendingEmail`.', body: UserAnswerSchema },
    ...errors(401, 403, 429, ...BODY_ERRORS),
  },
});

export const cancelEmailChange = defineOperation({
  method: 'DELETE',
  path: '/v1.0/auth/email',
  summary: 'Cancel the change of email address that waits for its link',
  description: 'The link stops working; the address stays. Not while logged in as another user (403).',
  tag,
  access: 'user',
  responses: { 200: { description: 'Cancelled; the user.', body: UserAnswerSchema }, ...errors(401, 403) },
});

export const confirmEmailChange = defineOperation({
  method: 'POST',
  path: '/v1.0/auth/email/confirm',
  summary: 'Confirm a change of email address with the token of its link; every other session ends',
  description:
    'Signed in as the account that asked: the link alone changes nothing. 422 `token` when the token is not ' +
    "this account's latest request, was used, or expired. 409 when another account has taken the address since " +
    'the request (the address stays; the request is dropped). On success every session of the account ends and ' +
    'every access token stops working; this browser goes on in a new session (a new refresh cookie and access ' +
    'token in the answer). Not while logged in as another user (403).',
  tag,
  access: 'user',
  body: ConfirmEmailChangeBodySchema,
  responses: {
    200: { description: 'Changed; the new session.', body: TokenAnswerSchema },
    ...errors(401, 403, 409, ...BODY_ERRORS),
  },
});
