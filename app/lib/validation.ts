import { z } from 'zod';

/**
 * Shared field rules (spec §5). Messages are translation keys; the field's label is passed in
 * when they are shown, so 'required' reads "Email is required" (the spec's message templates).
 */
export const messages = {
  required: 'validation.required',
  regex: 'validation.regex',
  minLength: 'validation.minLength',
  maxLength: 'validation.maxLength',
} as const;

export const PASSWORD_MIN_LENGTH = 8;

/** A required text field; conform turns an empty input into `undefined`. */
export function requiredText(maxLength: number) {
  return z.string({ error: messages.required }).trim().min(1, messages.required).max(maxLength, messages.maxLength);
}

export const EmailSchema = requiredText(254).pipe(z.email({ error: messages.regex }));

/** Sign-in only asks for something: the rules of a new password would lock out old accounts. */
export const CurrentPasswordSchema = z
  .string({ error: messages.required })
  .min(1, messages.required)
  .max(128, messages.maxLength);

export const passwordRules = {
  length: (value: string) => value.length >= PASSWORD_MIN_LENGTH,
  uppercase: (value: string) => /\p{Lu}/u.test(value),
  lowercase: (value: string) => /\p{Ll}/u.test(value),
};

export const NewPasswordSchema = z
  .string({ error: messages.required })
  .min(1, messages.required)
  .min(PASSWORD_MIN_LENGTH, messages.minLength)
  .max(128, messages.maxLength)
  .refine(passwordRules.uppercase, messages.regex)
  .refine(passwordRules.lowercase, messages.regex);
