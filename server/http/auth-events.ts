import type { Context } from 'hono';
import type { AppEnv } from './context';

/**
 * The authentication events an operator must be able to follow (who signed in, failed, was
 * locked out, asked for or finished a reset, signed out; who acted as whom; who changed their
 * password, signed out everywhere or deleted their account). Logged with the
 * user's id and the caller's address, never an email, a password or a token. An impersonation's
 * events name the admin as `userId` and the user acted as as `targetUserId`.
 */
export type AuthEvent =
  | 'sign_in'
  | 'sign_in_failed'
  | 'locked_out'
  | 'sign_up'
  | 'sign_out'
  | 'refresh_reused'
  | 'reset_requested'
  | 'reset_done'
  | 'reset_failed'
  | 'impersonation_started'
  | 'impersonation_refused'
  | 'impersonation_ended'
  | 'password_check_failed'
  | 'password_changed'
  | 'email_change_requested'
  | 'email_changed'
  | 'email_change_failed'
  | 'sign_out_everywhere'
  | 'account_deleted';

export function logAuthEvent(
  // Any request's context, signed in or not: only its logger is read.
  c: Pick<Context<AppEnv>, 'get'>,
  event: AuthEvent,
  fields: { userId?: string; ip?: string; [key: string]: string | number | boolean | undefined } = {},
): void {
  c.get('log').info({ event: `auth.${event}`, ...fields }, 'auth event');
}
