import { expect } from 'vitest';
import * as integrations from '../../contract/integrations';
import { TEST_ENV, type Harness } from './harness';
import { consentFormFields } from '../integrations/sandbox/consent-form';

/**
 * What a browser does on a sandbox provider's consent page (server/integrations/sandbox): open
 * it at `dialogUrl`, send its form back with the hidden fields it carries and `answer` (whom to
 * be, which button), and follow it to where the provider sends the browser back.
 */
export async function answerConsent(h: Harness, dialogUrl: string, answer: Record<string, string>): Promise<URL> {
  const dialog = new URL(dialogUrl);
  const page = await h.call('GET', dialog.pathname + dialog.search);
  expect(page.status, page.text).toBe(200);
  const hidden = consentFormFields(page.text);
  const answered = await h.call('POST', dialog.pathname, {
    raw: new URLSearchParams({ ...hidden, ...answer }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(answered.status).toBe(303);
  return new URL(answered.headers.get('location')!);
}

/**
 * Connects a Facebook account as the app does: the authorize call, the sandbox consent as
 * `person`, then storing the code. Answers the store call's answer (its jobs are not run).
 */
export async function connectSandboxFacebook(h: Harness, accessToken: string, person: string) {
  const started = await h.call(integrations.authorizeFacebookAccount, { token: accessToken, body: {} });
  const back = await answerConsent(h, started.body.url, { person, decision: 'allow' });
  return h.call(integrations.storeFacebookAccount, {
    token: accessToken,
    body: {
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
      facebook_redirect_uri: `${TEST_ENV.APP_URL}/integrations/facebook-account/callback`,
    },
  });
}

/** Connects a LinkedIn account as the app does, as `person` (its jobs are not run). */
export async function connectSandboxLinkedIn(h: Harness, accessToken: string, person: string) {
  const started = await h.call(integrations.authorizeLinkedInAccount, { token: accessToken, body: {} });
  const back = await answerConsent(h, started.body.url, { person, decision: 'allow' });
  return h.call(integrations.storeLinkedInAccount, {
    token: accessToken,
    body: {
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
      redirect_uri: `${TEST_ENV.APP_URL}/integrations/linkedin-account/callback`,
    },
  });
}
