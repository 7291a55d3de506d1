import { describe, expect, it } from 'vitest';
import { metaPayload, signRequest, SignedRequestError, verifySignedRequest } from './signed-request';

const SECRET = '0123456789abcdef0123456789abcdef';

const problemOf = (signedRequest: string, secret = SECRET) => {
  try {
    verifySignedRequest(signedRequest, secret);
    return undefined;
  } catch (error) {
    return error instanceof SignedRequestError ? error.problem : error;
  }
};

describe('verifySignedRequest', () => {
  it('reads the user of a request signed with the secret', () => {
    expect(verifySignedRequest(signRequest(metaPayload('123'), SECRET), SECRET)).toEqual({ userId: '123' });
  });

  it('takes the padding some libraries add', () => {
    const [signature, payload] = signRequest(metaPayload('456'), SECRET).split('.') as [string, string];
    const padded = signature + '='.repeat((4 - (signature.length % 4)) % 4);
    expect(verifySignedRequest(`${padded}.${payload}`, SECRET)).toEqual({ userId: '456' });
  });

  it('checks the signature before reading the payload', () => {
    // A payload that is not even JSON, unsigned, is a signature problem: it is never parsed.
    expect(problemOf(`AAAA.${Buffer.from('{').toString('base64url')}`)).toBe('signedRequestSignature');
    expect(problemOf(signRequest(metaPayload('1'), 'another-secret-another-secret-00'))).toBe('signedRequestSignature');
  });

  it('refuses user ids that are not plain ids, and numbers past exact integers', () => {
    for (const userId of [1.5, 2 ** 60, true, null, ['1'], { id: '1' }, 'a\nb', 'x'.repeat(65)]) {
      expect(problemOf(signRequest({ algorithm: 'HMAC-SHA256', user_id: userId }, SECRET)), String(userId)).toBe(
        'signedRequestUser',
      );
    }
  });
});
