import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The same text, compared in time that does not depend on where they differ: both sides are
 * hashed first, so texts of any lengths (and any characters) compare without throwing.
 */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** HMAC-SHA256 of `text` with `secret`, in hex: what Pusher signs subscriptions and requests with. */
export const hmacSha256Hex = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text, 'utf8').digest('hex');
