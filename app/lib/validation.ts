/**
 * Field errors arrive as the contract's rule codes (`required`, `email`, `min:8`, `max:254`,
 * `uppercase`…: contract/fields.ts) from the browser-side check, or as the API's own sentences
 * from a 422. The message templates are few: 'required' with the field's name,
 * 'regex' for a bad format, 'control' for a hidden character, and the two lengths. A sentence from
 * the API is shown as it came.
 */
const KEY_BY_RULE = {
  required: 'validation.required',
  min: 'validation.minLength',
  max: 'validation.maxLength',
  email: 'validation.regex',
  uppercase: 'validation.regex',
  lowercase: 'validation.regex',
  string: 'validation.regex',
  in: 'validation.regex',
  integer: 'validation.regex',
  control: 'validation.control',
  variable: 'validation.variable',
  ruleWord: 'validation.ruleWord',
  ruleWords: 'validation.ruleWords',
  ruleNeedsCondition: 'validation.ruleNeedsCondition',
  ruleNeedsAction: 'validation.ruleNeedsAction',
} as const;

export type ValidationKey = (typeof KEY_BY_RULE)[keyof typeof KEY_BY_RULE];

/** `count` picks the plural form of a length's sentence ("1 character", "8 characters"). */
export type FieldErrorMessage = { key: ValidationKey; values: { limit?: number; count?: number } } | { text: string };

export function fieldErrorMessage(error: string): FieldErrorMessage {
  const [rule, param] = error.split(':');
  if (Object.hasOwn(KEY_BY_RULE, rule)) {
    const limit = param === undefined ? undefined : Number(param);
    return { key: KEY_BY_RULE[rule as keyof typeof KEY_BY_RULE], values: { limit, count: limit } };
  }
  return { text: error };
}
