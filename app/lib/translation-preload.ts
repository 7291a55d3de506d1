import { defaultLanguage, env } from './env';

/**
 * The translations' head start, in one place: a boot script in index.html starts downloading
 * the guest's language file while the scripts arrive, and the i18n backend takes that response
 * over instead of asking again (docs/decisions/040-first-load-less-machinery.md gives the time
 * it saves). Without it the file would be one more round trip after the scripts.
 */

/** Where a language's translations are served (public/assets/i18n, revalidated on every visit). */
export const translationPath = (language: string) => `/assets/i18n/${language}.json`;

declare global {
  interface Window {
    /** The download that the boot script started, until it is taken. */
    __translationPreload?: { language: string; response: Promise<Response> };
  }
}

/**
 * Inline in index.html's head (root.tsx, hashed into the CSP): picks the language as
 * `detectLanguage` does for a guest (the stored choice, then the browser's languages, by their
 * base; `translation-preload.test.ts` holds the two together) and starts the download. A fetch
 * kept on `window`, not a preload link: the page's markup must stay as pre-rendered, or
 * hydration fails. A signed-in user whose account speaks another language loads that one too,
 * once startup knows.
 */
export const TRANSLATION_PRELOAD_SCRIPT = `try{var a=${JSON.stringify(env.availableLanguages)},c=[localStorage.getItem('language')].concat(navigator.languages||[navigator.language]),p='${defaultLanguage}';for(var i=0;i<c.length;i++){var b=c[i]&&c[i].toLowerCase().split('-')[0];if(a.indexOf(b)>=0){p=b;break}}window.__translationPreload={language:p,response:fetch('${translationPath("'+p+'")}')}}catch(e){}`;

/** The boot script's download of `language`'s file if it started one, else a new fetch. */
export function fetchTranslations(language: string): Promise<Response> {
  const preload = typeof window === 'undefined' ? undefined : window.__translationPreload;
  if (preload?.language === language) {
    // A response body reads once: the next load of this language (after a switch) fetches anew.
    delete window.__translationPreload;
    return preload.response;
  }
  return fetch(translationPath(language));
}
