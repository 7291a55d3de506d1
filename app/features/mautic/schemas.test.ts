import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { authorizeUrl } from './api';
import { MauticFormSchema } from './schemas';

const FORM = {
  client_id: 'orbita-sandbox',
  grant_type: 'authorization_code',
  redirect_uri: 'http://localhost:3000/admin/mautic',
  response_type: 'code',
  state: 'a'.repeat(64),
} as const;

describe('the Mautic form', () => {
  it('is valid with every field as the authorize page takes it', () => {
    expect(z.safeParse(MauticFormSchema, FORM).success).toBe(true);
  });

  it.each(Object.keys(FORM))('needs %s', (name) => {
    const result = z.safeParse(MauticFormSchema, { ...FORM, [name]: undefined });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([[name, 'required']]);
  });

  it('takes only the authorization-code flow and an http(s) redirect URI', () => {
    for (const change of [
      { grant_type: 'password' },
      { response_type: 'token' },
      { redirect_uri: 'javascript:alert(1)' },
      { client_id: '   ' },
    ]) {
      expect(z.safeParse(MauticFormSchema, { ...FORM, ...change }).success, JSON.stringify(change)).toBe(false);
    }
  });
});

describe('the authorize URL', () => {
  it("is Mautic's page with the form's fields as its query", () => {
    const url = new URL(authorizeUrl('https://mautic.example.com/oauth/v2/authorize', { ...FORM, state: 's&t=1' }));
    expect(`${url.origin}${url.pathname}`).toBe('https://mautic.example.com/oauth/v2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({ ...FORM, state: 's&t=1' });
  });
});
