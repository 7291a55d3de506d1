import { z } from 'zod/mini';
import { TokenAnswerSchema } from './auth';
import { BODY_ERRORS, defineOperation, errors } from './operation';

const tag = 'Auth';

const userId = () =>
  z.uuid({ error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'invalid') });

export const LoginAsUserBodySchema = z.object({ id: userId() });

export const loginAsUser = defineOperation({
  method: 'POST',
  path: '/v1.0/auth/login-as-user',
  summary: 'Act as a user (support)',
  description:
    "An access token for the user `id`, for an admin to see the app as they do. It carries `act: { sub: <admin's " +
    "id> }` (RFC 8693) and its impersonation's id as `sid`, lasts `IMPERSONATION_TTL` seconds (15 minutes by " +
    "default), and is never refreshed: no cookie is set, and the admin's own session is left as it was. It ends at " +
    "once when ended (`POST /v1.0/auth/impersonation/end`), at sign-out, when the admin's own session ends, or when " +
    'either account stops being what it was (the admin loses the role, the user becomes an admin or resets their ' +
    'password). It never passes an admin check and cannot start another impersonation (`403`). Another admin ' +
    'cannot be impersonated (`403`); an unknown user is a `404`. Every impersonation is recorded: who, whom, when ' +
    'it started, when and how it ended.',
  tag,
  access: 'admin',
  body: LoginAsUserBodySchema,
  responses: {
    200: {
      description: "The user's impersonation token; `user.impersonatedBy` names the admin.",
      body: TokenAnswerSchema,
    },
    ...errors(401, 403, 404, ...BODY_ERRORS),
  },
});

export const endImpersonation = defineOperation({
  method: 'POST',
  path: '/v1.0/auth/impersonation/end',
  summary: 'End the impersonation this token belongs to',
  description:
    'Called with the impersonation token: the impersonation is recorded as ended and its token answers `401` from ' +
    "now on. The admin's own session goes on. A token that is not an impersonation's is a `409`.",
  tag,
  access: 'user',
  responses: { 204: { description: 'Ended.' }, ...errors(401, 409) },
});
