import { createHmac, timingSafeEqual } from 'node:crypto';
import { FACEBOOK_USER_ID } from '../../contract/facebook-deletion';

/**
 * Meta's `signed_request`, as its data-deletion callback sends it
 * (https://developers.facebook.com/docs/development/create-an-app/app-dashboard/data-deletion-callback):
 * `<signature>.<payload>`, both base64url, the signature being the HMAC-SHA256 of the payload
 * part, as sent, with the app's secret.
 */

/** What is wrong with a signed request; each has its sentence in server/http/i18n.ts. */
export type SignedRequestProblem =
  | 'signedRequestFormat'
  | 'signedRequestSignature'
  | 'signedRequestAlgorithm'
  | 'signedRequestUser'
  | 'signedRequestIssuedAt';

export class SignedRequestError extends Error {
  constructor(readonly problem: SignedRequestProblem) {
    super(problem);
    this.name = 'SignedRequestError';
  }
}

export type VerifiedRequest = { userId: string };

/**
 * How old a signed request may be when it arrives. Meta calls the callback as the person removes
 * the app, so a request older than this is one replayed from a copy; a newer one that repeats a
 * request is answered with that request (server/facebook-deletion/routes.ts), never a second one.
 */
export const SIGNED_REQUEST_MAX_AGE_SECONDS = 60 * 60;
/** Clocks differ a little: a request issued this far in our future is still taken. */
const CLOCK_SKEW_SECONDS = 5 * 60;

// Meta leaves the padding off; some libraries put it back.
const PART = /^[\w-]+={0,2}$/;
const ALGORITHM = 'HMAC-SHA256';

const signature = (payloadPart: string, secret: string) => createHmac('sha256', secret).update(payloadPart).digest();

/**
 * The Facebook user a signed request is about, once its signature is checked: the payload is
 * read only after that, so nothing of what an unknown sender wrote is ever parsed. Throws a
 * SignedRequestError naming the problem.
 */
export function verifySignedRequest(signedRequest: string, secret: string, now: number = Date.now()): VerifiedRequest {
  const parts = signedRequest.split('.');
  if (parts.length !== 2 || !parts.every((part) => PART.test(part))) {
    throw new SignedRequestError('signedRequestFormat');
  }
  const [signaturePart, payloadPart] = parts as [string, string];

  const given = Buffer.from(signaturePart, 'base64url');
  const expected = signature(payloadPart, secret);
  // timingSafeEqual wants equal lengths; a signature of another length is simply wrong.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new SignedRequestError('signedRequestSignature');
  }

  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  } catch {
    throw new SignedRequestError('signedRequestFormat');
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new SignedRequestError('signedRequestFormat');
  }

  const {
    algorithm,
    user_id: userId,
    issued_at: issuedAt,
  } = payload as { algorithm?: unknown; user_id?: unknown; issued_at?: unknown };
  if (typeof algorithm !== 'string' || algorithm.toUpperCase() !== ALGORITHM) {
    throw new SignedRequestError('signedRequestAlgorithm');
  }
  // Meta sends the id as a string of digits; a number is taken too, when it is a whole one.
  const id = typeof userId === 'number' && Number.isSafeInteger(userId) ? String(userId) : userId;
  if (typeof id !== 'string' || !FACEBOOK_USER_ID.test(id)) throw new SignedRequestError('signedRequestUser');
  // When Meta issued it, in seconds: missing, too old or far ahead, it is no callback of now.
  const age = typeof issuedAt === 'number' && Number.isSafeInteger(issuedAt) ? now / 1000 - issuedAt : Number.NaN;
  if (!(age <= SIGNED_REQUEST_MAX_AGE_SECONDS && age >= -CLOCK_SKEW_SECONDS)) {
    throw new SignedRequestError('signedRequestIssuedAt');
  }
  return { userId: id };
}

/**
 * A signed request as Meta makes one: for the dev endpoint and the tests. `payload` goes as
 * given, so a test can sign a wrong algorithm or leave the user out.
 */
export function signRequest(payload: Record<string, unknown>, secret: string): string {
  const payloadPart = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${signature(payloadPart, secret).toString('base64url')}.${payloadPart}`;
}

/** What Meta's payload holds besides the user: the algorithm and when it was issued. */
export const metaPayload = (userId: string, issuedAt: Date = new Date()) => ({
  algorithm: ALGORITHM,
  issued_at: Math.floor(issuedAt.getTime() / 1000),
  user_id: userId,
});
