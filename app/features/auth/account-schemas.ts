import { z } from 'zod/mini';
import { ChangePasswordBodySchema, DeleteMeBodySchema } from '~contract/account';
import { RegisterBodySchema } from '~contract/auth';

/**
 * The account page's forms, one schema each, used by `useAppForm` in the browser and by
 * `parseForm` in the route's action: the API's own rules, plus which form was sent (`intent`).
 */
export const ProfileSchema = z.extend(z.pick(RegisterBodySchema, { firstName: true, lastName: true, email: true }), {
  intent: z.literal('profile'),
});
export const ChangePasswordSchema = z.extend(ChangePasswordBodySchema, { intent: z.literal('password') });
export const DeleteAccountSchema = z.extend(DeleteMeBodySchema, { intent: z.literal('delete') });
/** Signing out everywhere: no fields, only which form it is. */
export const SignOutEverywhereSchema = z.object({ intent: z.literal('everywhere') });
