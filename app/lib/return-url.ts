/**
 * The one judge of a return address (sign-in's `returnUrl`, Facebook sign-in's, maintenance's
 * `from`): a path on this site or nothing. It is honoured only when it starts with exactly one
 * `/`, carries no scheme, host or control character, and is still such a path once URL parsing
 * has normalised it. Anything else (`//evil.example`, `https://evil.example`, `/\evil.example`,
 * `javascript:`) falls back. The check after parsing matters: dot segments and backslashes are
 * resolved by the parser, so `/.//evil.example`, `/%2e//evil.example` and `/./\evil.example` all
 * come out as `//evil.example`, which a browser reads as another host.
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
  const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  if (path.startsWith('//') || path.startsWith('/\\')) return fallback;
  return path;
}
