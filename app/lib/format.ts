/**
 * The app's number, date and list formatters, each made once for a language and a set of options
 * and then reused (docs/decisions/096). Making an `Intl` formatter is the costly part, not using
 * it: a date formatter takes about 0.13 ms to make on a desktop (the first of a page about 20 ms,
 * while the locale's data loads), and a list of comments made one per row on every render. Every
 * formatter of the app comes from here; ESLint refuses the global `Intl` elsewhere in `app/`.
 *
 * `language` is i18next's (`i18n.language`): an empty or missing one is the browser's own.
 */
type Language = string | undefined;

const made = new Map<string, unknown>();

function once<T>(kind: string, language: Language, options: object | undefined, make: (locale: Language) => T): T {
  const locale = language || undefined;
  const key = `${kind}|${locale ?? ''}|${options === undefined ? '' : JSON.stringify(options)}`;
  let formatter = made.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make(locale);
    made.set(key, formatter);
  }
  return formatter;
}

export function dateTimeFormat(language: Language, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return once('date', language, options, (locale) => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(language: Language, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return once('number', language, options, (locale) => new Intl.NumberFormat(locale, options));
}

export function listFormat(language: Language, options?: Intl.ListFormatOptions): Intl.ListFormat {
  return once('list', language, options, (locale) => new Intl.ListFormat(locale, options));
}
