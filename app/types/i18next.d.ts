import type translation from '../../public/assets/i18n/en.json';

/**
 * Translation keys are typed from the English file: `t('signin.titel')` fails
 * `npm run typecheck`. The Italian file is held to the same keys by app/lib/translations.test.ts.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof translation };
    returnNull: false;
  }
}
