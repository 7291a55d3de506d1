import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as integrations from '../../contract/integrations';
import * as projects from '../../contract/projects';
import { channels } from '../db/schema';
import { SANDBOX_COMMENT_PAGE } from '../integrations/sandbox/comment-page';
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

/**
 * A new user who connected the sandbox's `person` (its jobs run) and a project following their
 * page `pageId`: the user, the page's channel and the project.
 */
export async function projectFollowingSandboxPage(h: Harness, person: string, pageId: string) {
  const owner = await h.signedInUser();
  expect((await connectSandboxFacebook(h, owner.accessToken, person)).status).toBe(200);
  await h.runJobs();
  const [page] = await h.db
    .select()
    .from(channels)
    .where(and(eq(channels.ownerId, owner.user._id), eq(channels.externalId, pageId)));
  const project = await h.factories.project({ id: owner.user._id }, { name: 'Bottega' });
  await h.call(projects.attachChannel, {
    params: { id: project.id },
    body: { channelId: page!.id },
    token: owner.accessToken,
  });
  return { owner, page: page!, project };
}

/** A made-up `author` says `message` on the sandbox's `channel` through its comment page (delivered as Meta's webhook; jobs not run). */
export async function saySandboxComment(h: Harness, channel: string, author: string, message: string) {
  const said = await h.call('POST', SANDBOX_COMMENT_PAGE, {
    raw: new URLSearchParams({ channel, author, message }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(said.status).toBe(303);
}
