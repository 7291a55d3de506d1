import { z } from 'zod/mini';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language as ContractLanguage } from '~contract/fields';

/**
 * The build's settings (the `VITE_*` variables in README.md), parsed once at start-up so a bad
 * build fails loudly with the list of what is wrong instead of misbehaving later.
 */
const EnvSchema = z.object({
  VITE_API_URL: z.pipe(
    z._default(z.string(), ''),
    z.transform((url: string) => url.replace(/\/+$/, '')),
  ),
  VITE_AVAILABLE_LANGUAGES: z.pipe(
    z.pipe(
      z._default(z.string(), 'en,it'),
      z.transform((list: string) =>
        list
          .split(',')
          .map((lang) => lang.trim())
          .filter(Boolean),
      ),
    ),
    z.array(z.enum(LANGUAGES)).check(z.minLength(1)),
  ),
  VITE_TEST_ACCOUNT_EMAIL: z._default(z.string(), 'test@example.com'),
  VITE_STAGING_URL: z._default(z.string(), 'https://staging.example.com'),
  VITE_TERMS_URL: z._default(z.url(), 'https://www.example.com/terms'),
  VITE_PRIVACY_URL: z._default(z.url(), 'https://www.example.com/privacy'),
  VITE_FORCE_UPDATE: z._default(z.enum(['true', 'false']), 'false'),
  // The customer-chat widget: its script (https) and the account id it is given. Unset: no chat.
  VITE_CHAT_WIDGET_URL: z._default(z.union([z.literal(''), z.url({ protocol: /^https$/ })]), ''),
  VITE_CHAT_WIDGET_ID: z._default(z.string(), ''),
  // Where a user writes to support (a plan change: no payments in the app).
  VITE_SUPPORT_EMAIL: z._default(z.string(), 'support@example.com'),
});

function parseEnv() {
  const result = EnvSchema.safeParse(import.meta.env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  }
  const parsed = result.data;
  return {
    apiUrl: parsed.VITE_API_URL,
    availableLanguages: parsed.VITE_AVAILABLE_LANGUAGES,
    production: import.meta.env.PROD,
    forceUpdate: parsed.VITE_FORCE_UPDATE === 'true',
    testAccountEmail: parsed.VITE_TEST_ACCOUNT_EMAIL.toLowerCase(),
    stagingUrl: parsed.VITE_STAGING_URL,
    termsUrl: parsed.VITE_TERMS_URL,
    privacyUrl: parsed.VITE_PRIVACY_URL,
    supportEmail: parsed.VITE_SUPPORT_EMAIL,
    chatWidget:
      parsed.VITE_CHAT_WIDGET_URL && parsed.VITE_CHAT_WIDGET_ID
        ? { url: parsed.VITE_CHAT_WIDGET_URL, id: parsed.VITE_CHAT_WIDGET_ID }
        : null,
  };
}

export const env = parseEnv();

/** The product's name: a brand, the same in every language (and in the pre-rendered title). */
export const APP_NAME = 'Orbita';
export type Language = ContractLanguage;
export const defaultLanguage: Language = DEFAULT_LANGUAGE;
