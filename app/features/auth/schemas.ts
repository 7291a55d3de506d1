import { z } from 'zod';
import { CurrentPasswordSchema, EmailSchema, NewPasswordSchema, requiredText } from '~/lib/validation';

/** One schema per form, used by `useForm({ onValidate })` and by the route's clientAction. */
export const SignInSchema = z.object({
  email: EmailSchema,
  password: CurrentPasswordSchema,
});

export const ForgotPasswordSchema = z.object({
  email: EmailSchema,
});

export const ResetPasswordSchema = z.object({
  password: NewPasswordSchema,
  token: requiredText(200),
  email: EmailSchema,
});

export const SignUpSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: EmailSchema,
  password: NewPasswordSchema,
});
