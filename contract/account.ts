import { z } from 'zod/mini';
import { TokenAnswerSchema } from './auth';
import { newPassword, password } from './fields';
import { BODY_ERRORS, defineOperation, errors } from './operation';

/**
 * The account page's operations (issue 13): a module of their own, apart from `auth`, so the
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
