// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '~/features/auth/api';
import { queryClient } from '~/lib/query-client';
import { tokenStore } from '~/lib/session';
import { clientAction } from './register';

const user = {
  _id: '0b6f4b8e-7f8a-4c53-9f3e-2f6b1f0c9a11',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  role: 'user',
  plan: { id: 'free', label: 'Free' },
  language: 'en',
  redeemedCoupons: [],
  createdAt: '2026-11-22T10:00:00.000Z',
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The API's answers to sign-up and redemption, recorded. */
function stubApi() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://app.test');
      calls.push(`${init?.method} ${url.pathname}`);
      if (url.pathname === '/v1.0/auth/register') {
        return json(201, { access_token: 'token', token_type: 'Bearer', expires_in: 900, user });
      }
      if (url.pathname === '/v1.0/coupons/redeem') {
        return json(200, { coupon: { code: 'marketing-espresso-15', discountPercent: 15, durationMonths: 3 } });
      }
      return json(404, { message: 'Not found.' });
    }),
  );
  return calls;
}

function signUpRequest(coupon?: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    password: 'Valid-Pass1',
  })) {
    form.set(name, value);
  }
  const path = coupon ? `/register/${coupon}` : '/register';
  return { request: new Request(`http://app.test${path}`, { method: 'POST', body: form }), params: { coupon } };
}

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  tokenStore.set(null);
});

describe('sign-up clientAction', () => {
  it('redeems the promo coupon and marks the cached user stale, then goes home', async () => {
    const calls = stubApi();
    const redirect = await clientAction(signUpRequest('marketing-espresso-15')).catch((thrown: Response) => thrown);
    expect((redirect as Response).headers.get('Location')).toBe('/');
    // The promo is not looked up (its panel says what it gives): redeemed once the account exists.
    expect(calls).toEqual(['POST /v1.0/auth/register', 'POST /v1.0/coupons/redeem']);
    // The user cached at sign-up does not list the coupon yet: the next read must refetch.
    expect(queryClient.getQueryState(authKeys.me())?.isInvalidated).toBe(true);
  });

  it('with a coupon the API does not have redeems nothing', async () => {
    const calls = stubApi();
    await clientAction(signUpRequest('spring-20')).catch((thrown: Response) => thrown);
    expect(calls).toEqual(['GET /v1.0/coupons/spring-20', 'POST /v1.0/auth/register']);
    expect(queryClient.getQueryData(authKeys.me())).toEqual(user);
  });

  it('without the coupon redeems nothing and keeps the fresh user', async () => {
    const calls = stubApi();
    await clientAction(signUpRequest()).catch((thrown: Response) => thrown);
    expect(calls).toEqual(['POST /v1.0/auth/register']);
    expect(queryClient.getQueryState(authKeys.me())?.isInvalidated).toBe(false);
    expect(queryClient.getQueryData(authKeys.me())).toEqual(user);
  });
});
