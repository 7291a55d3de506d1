import { z } from 'zod/mini';
import {
  ChangePasswordBodySchema,
  ConfirmEmailChangeBodySchema,
  DeleteMeBodySchema,
  RequestEmailChangeBodySchema,
} from '~contract/user-account';
import { RegisterBodySchema } from '~contract/auth';

/**
 * The account page's forms, one schema each, used by `useAppForm` in the browser and by
 * `parseForm` in the route's action: the API's own rules, plus which form was sent (`intent`).
 */
export const ProfileSchema = z.extend(z.pick(RegisterBodySchema, { firstName: true, lastName: true }), {
  intent: z.literal('profile'),
});
/** A new address: it needs the password, and changes only when the link mailed to it is opened. */
export const EmailChangeSchema = z.extend(RequestEmailChangeBodySchema, { intent: z.literal('email') });
/** Cancelling the change that waits for its link: no fields. */
export const CancelEmailChangeSchema = z.object({ intent: z.literal('cancelEmail') });
/** Confirming from the link: the token travels with the form, not the user's to type. */
export const ConfirmEmailChangeSchema = ConfirmEmailChangeBodySchema;
export const ChangePasswordSchema = z.extend(ChangePasswordBodySchema, { intent: z.literal('password') });
export const DeleteAccountSchema = z.extend(DeleteMeBodySchema, { intent: z.literal('delete') });
/** Signing out everywhere: no fields, only which form it is. */
export const SignOutEverywhereSchema = z.object({ intent: z.literal('everywhere') });
