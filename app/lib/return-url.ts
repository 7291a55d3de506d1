/**
 * A returnUrl is honoured only when it is a same-origin path: it starts with exactly one `/`,
 * carries no scheme or host, and survives URL parsing on the same origin. Anything else
 * (`//evil.example`, `https://evil.example`, `/\evil.example`, `javascript:`) falls back to `/`.
 */
export function safeReturnUrl(value: string | null | undefined, fallback = '/'): string {
  if (!value) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Browsers treat tabs and newlines as absent in URLs, so `/\t/evil.example` would become `//evil.example`.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  const base = 'http://same-origin.invalid';
  let parsed: URL;
  try {
    parsed = new URL(value, base);
  } catch {
    return fallback;
  }
  if (parsed.origin !== base) return fallback;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
