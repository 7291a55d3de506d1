import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestQuery } from '../../contract/operation';
import * as sandboxMautic from '../../contract/sandbox/mautic';
import { createApp } from '../app';
import { parseConfig, SANDBOX_MAUTIC_CLIENT } from '../config';
import { memoryLogger } from '../log';
import { ConsoleMailer } from '../mail/mailer';
import { DEPLOYMENT_ENV } from '../test/deployment-env';
import { startHarness, TEST_ENV, type Harness } from '../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

const REDIRECT_URI = 'http://app.test/admin/mautic';
const AUTHORIZE = '/dev/mautic/oauth/v2/authorize';
const TOKEN = '/dev/mautic/oauth/v2/token';

const authorize = (fields: RequestQuery<typeof sandboxMautic.showMauticSandboxAuthorize> = {}) =>
  h.call(sandboxMautic.showMauticSandboxAuthorize, {
    query: {
      client_id: SANDBOX_MAUTIC_CLIENT.clientId,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      state: 'st<"ate>',
      ...fields,
    },
  });

const postForm = (path: string, fields: Record<string, string>) =>
  h.call('POST', path, {
    raw: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

const decide = (decision: string, fields: Record<string, string> = {}) =>
  postForm(AUTHORIZE, {
    client_id: SANDBOX_MAUTIC_CLIENT.clientId,
    redirect_uri: REDIRECT_URI,
    state: 'state-1',
    decision,
    ...fields,
  });

const exchange = (fields: Record<string, string>) =>
  postForm(TOKEN, {
    grant_type: 'authorization_code',
    client_id: SANDBOX_MAUTIC_CLIENT.clientId,
    client_secret: SANDBOX_MAUTIC_CLIENT.clientSecret,
    redirect_uri: REDIRECT_URI,
    ...fields,
  });

const location = (res: { headers: Headers }) => new URL(res.headers.get('location')!);

describe('the sandbox authorize page', () => {
  it('asks to allow or deny the client, running nothing, its values escaped', async () => {
    const res = await authorize();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const policy = res.headers.get('content-security-policy')!;
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("form-action 'self' http://app.test");
    expect(policy).not.toMatch(/script-src|unsafe-inline/);
    expect(res.text).not.toMatch(/<script/i);
    expect(res.text).toContain('<button type="submit" name="decision" value="allow"');
    expect(res.text).toContain('<button type="submit" name="decision" value="deny"');
    expect(res.text).toContain('name="state" value="st&lt;&quot;ate&gt;"');
  });

  it('shows an error page, never a redirect, for an unknown client or another redirect URI', async () => {
    for (const fields of [
      { client_id: 'someone-else' } as Record<string, string>,
      { redirect_uri: 'https://evil.example/admin/mautic' },
      { redirect_uri: `${REDIRECT_URI}/x` },
    ]) {
      const res = await authorize(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('content-security-policy')).toContain("form-action 'none'");
    }
  });

  it('sends back an unsupported response type as an error, with the state', async () => {
    const res = await authorize({ response_type: 'token' });
    expect(res.status).toBe(303);
    expect(Object.fromEntries(location(res).searchParams)).toEqual({
      error: 'unsupported_response_type',
      state: 'st<"ate>',
    });
  });

  it('sends the browser back with a code and the state on Allow, with access_denied on Deny', async () => {
    const allowed = await decide('allow');
    expect(allowed.status).toBe(303);
    const back = location(allowed);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('state-1');
    expect(back.searchParams.get('code')).toMatch(/^[\w-]{32}$/);

    const denied = location(await decide('deny'));
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('state-1');
    expect(denied.searchParams.has('code')).toBe(false);

    expect((await decide('maybe')).status).toBe(400);
    expect((await decide('allow', { redirect_uri: 'https://evil.example/' })).status).toBe(400);
  });
});

describe('the sandbox token endpoint', () => {
  it('answers a code it issued once, like Mautic', async () => {
    const code = location(await decide('allow')).searchParams.get('code')!;
    const res = await exchange({ code });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.stringMatching(/^[\w-]{43}$/),
      refresh_token: expect.stringMatching(/^[\w-]{43}$/),
      expires_in: 3600,
      token_type: 'bearer',
      scope: null,
    });
    expect((await exchange({ code })).body).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses other clients, grants, redirect URIs and bodies in OAuth2 words', async () => {
    const code = () => decide('allow').then((res) => location(res).searchParams.get('code')!);
    expect(await exchange({ code: await code(), client_secret: 'wrong' })).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
    expect(await exchange({ code: await code(), grant_type: 'password' })).toMatchObject({
      status: 400,
      body: { error: 'unsupported_grant_type' },
    });
    expect(await exchange({ code: await code(), redirect_uri: 'http://app.test/elsewhere' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    const json = await h.call('POST', TOKEN, { json: { grant_type: 'authorization_code' } });
    expect(json).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    const missing = await postForm(TOKEN, { grant_type: 'authorization_code' });
    expect(missing).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
  });
});

describe('where the sandbox is', () => {
  const sandboxOf = (env: Record<string, string>) =>
    createApp({
      db: h.db,
      config: parseConfig({ ...TEST_ENV, ...env }),
      mailer: new ConsoleMailer(() => {}),
      log: memoryLogger().log,
    });

  it('never in a deployment, nor with DEV_ENDPOINTS=0', async () => {
    const deployment = sandboxOf(DEPLOYMENT_ENV);
    for (const app of [deployment, sandboxOf({ DEV_ENDPOINTS: '0' })]) {
      for (const [method, path] of [
        ['GET', `${AUTHORIZE}?client_id=orbita-sandbox`],
        ['POST', AUTHORIZE],
        ['POST', TOKEN],
      ]) {
        const res = await app.request(path, { method });
        expect(res.status, path).toBe(404);
        expect(await res.json()).toEqual({ message: 'Not found.' });
      }
    }
  });
});
