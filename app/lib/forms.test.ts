import { describe, expect, it } from 'vitest';
import { replyWithApiError } from './forms';
import { HttpError, OfflineError } from './http';

const request = new Request('http://app.test/register/x?y=1', { method: 'POST' });

/** A conform submission as far as replying needs it: records what it was told. */
function submission(payload: Record<string, unknown> = { email: 'a@b.co', password: 'x' }) {
  return {
    payload,
    reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => ({ ...options }) as never,
  };
}

const thrown = (work: () => unknown) => {
  try {
    work();
  } catch (caught) {
    return caught;
  }
  throw new Error('nothing was thrown');
};

describe('replyWithApiError', () => {
  it('puts 422 field errors on their fields, and unknown fields in the form errors', () => {
    const error = new HttpError(422, { message: 'Invalid.', errors: { email: ['Taken.'], plan: ['Bad.'] } });
    expect(replyWithApiError(request, submission(), error)).toEqual({
      fieldErrors: { email: ['Taken.'] },
      formErrors: ['Bad.'],
    });
  });

  it("shows a status's own words, the server's words for 429, and the generic words otherwise", () => {
    const refused = new HttpError(401, { message: 'No.' }, false);
    expect(replyWithApiError(request, submission(), refused, { 401: 'signin.invalidCredentials' })).toEqual({
      formErrors: ['signin.invalidCredentials'],
    });
    const limited = new HttpError(429, { message: 'Too many attempts. Try again in 15 minutes.' });
    expect(replyWithApiError(request, submission(), limited)).toEqual({
      formErrors: ['Too many attempts. Try again in 15 minutes.'],
    });
    expect(replyWithApiError(request, submission(), new HttpError(500, null))).toEqual({
      formErrors: ['errors.generic'],
    });
    // Offline: the snackbar the HTTP client raises says so; the form says it had no answer, as an
    // error, so a dialog holding it stays open with what was typed.
    expect(replyWithApiError(request, submission(), new OfflineError())).toEqual({
      formErrors: ['errors.notAnswered'],
    });
  });

  it('sends an ended session to sign in, back to the form', () => {
    const redirect = thrown(() => replyWithApiError(request, submission(), new HttpError(401, null, true))) as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('Location')).toBe('/login?returnUrl=%2Fregister%2Fx%3Fy%3D1');
  });

  it('sends a 503 to the maintenance page, with where the user was', () => {
    const redirect = thrown(() => replyWithApiError(request, submission(), new HttpError(503, null))) as Response;
    expect(redirect.headers.get('Location')).toBe('/maintenance?from=%2Fregister%2Fx%3Fy%3D1');
  });

  it('rethrows what is not an API failure', () => {
    const bug = new TypeError('a bug');
    expect(thrown(() => replyWithApiError(request, submission(), bug))).toBe(bug);
  });
});
