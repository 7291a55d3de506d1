import { z } from 'zod/mini';
import { ForgotBodySchema, RegisterBodySchema, ResetBodySchema, SignInBodySchema } from '~contract/auth';

/**
 * One schema per form, used by `useAppForm` in the browser and by `parseForm` in the route's
 * clientAction. Each is the API's own request schema (contract/auth.ts), so the form refuses
 * exactly what the API would.
 */
export const SignInSchema = SignInBodySchema;
export const ForgotPasswordSchema = ForgotBodySchema;
export const ResetPasswordSchema = ResetBodySchema;
/** The language is not asked for: it is the one the visitor is reading. */
export const SignUpSchema = z.omit(RegisterBodySchema, { language: true });
/** What the reset link carries: the page checks it before showing the form. */
export const ResetLinkSchema = z.pick(ResetBodySchema, { email: true, token: true });
