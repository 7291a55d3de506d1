/**
 * Screenshots of the screens, as a designer looks at them: each page at 375, 1280 and 1920 px, light
 * and dark, into .builds/shots/. Against a running app (`npm start`, or BASE_URL):
 *   npm run screenshots              every screen
 *   npm run screenshots -- login     the screens whose name contains "login"
 * Signs in with the demo accounts (local mode).
 */
import { chromium, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { existsSync, mkdirSync } from 'node:fs';
import { consentFormFields } from '../server/integrations/sandbox/consent-form';
import { subscriptionSucceeded } from '../tests/e2e/live-channel';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:3000';
const OUT = '.builds/shots';
const only = process.argv[2];

/** `fresh`: a new user made for the shot (its events are its own: a channel new to it, an import). */
type Who = 'guest' | 'user' | 'admin' | 'fresh';
type Screen = {
  name: string;
  path: string;
  who: Who;
  fullPage?: boolean;
  language?: 'en' | 'it';
  /** What to do once the page is there (open a dialog), before the shot. */
  then?: (page: Page) => Promise<void>;
};
const screens: Screen[] = [
  { name: 'login', path: '/login', who: 'guest' },
  { name: 'login-it', path: '/login', who: 'guest', language: 'it' },
  { name: 'register', path: '/register', who: 'guest' },
  { name: 'register-promo', path: '/register/marketing-espresso-15', who: 'guest' },
  { name: 'forgot-password', path: '/forgot-password', who: 'guest' },
  { name: 'not-found', path: '/no/such/page', who: 'guest' },
  { name: 'projects', path: '/projects', who: 'user' },
  { name: 'projects-it', path: '/projects', who: 'user', language: 'it' },
  { name: 'troubleshooting', path: '/troubleshooting', who: 'user' },
  { name: 'maintenance', path: '/maintenance', who: 'guest' },
  { name: 'admin-support', path: '/admin/support', who: 'admin' },
  { name: 'admin-support-search', path: '/admin/support?search=jos%C3%A9', who: 'admin' },
  { name: 'admin-mautic', path: '/admin/mautic', who: 'admin' },
  { name: 'inbox', path: '/inbox', who: 'user' },
  { name: 'inbox-it', path: '/inbox', who: 'user', language: 'it' },
  {
    name: 'inbox-selected',
    path: '/inbox?orderBy=newest',
    who: 'user',
    then: async (page) => {
      await page
        .getByRole('checkbox', { name: /^Select the comment of / })
        .first()
        .check();
      await page
        .getByRole('checkbox', { name: /^Select the comment of / })
        .nth(1)
        .check();
    },
  },
  { name: 'inbox-empty-done', path: '/inbox?state=done', who: 'user' },
  { name: 'admin-review', path: '/admin/sentiment-review', who: 'admin' },
  { name: 'admin-review-it', path: '/admin/sentiment-review', who: 'admin', language: 'it' },
  // With SEED_SCALE_COMMENTS of a few thousand: more match than the review counts, every loaded
  // one selected (it asks to narrow the filters instead of offering them all).
  {
    name: 'admin-review-many',
    path: '/admin/sentiment-review?message=the',
    who: 'admin',
    then: async (page) => {
      await page.getByRole('checkbox', { name: 'Select all rows' }).check();
    },
  },
  // Two letters typed: too few to filter by.
  {
    name: 'admin-review-short-it',
    path: '/admin/sentiment-review',
    who: 'admin',
    language: 'it',
    then: async (page) => {
      await page.getByRole('searchbox', { name: 'Messaggio' }).fill('ca');
    },
  },
  { name: 'design-library', path: '/admin/design-library', who: 'admin', fullPage: true },
  {
    name: 'design-library-section-it',
    path: '/admin/design-library?section=form-controls',
    who: 'admin',
    language: 'it',
  },
  { name: 'integrations', path: '/integrations', who: 'user', fullPage: true },
  { name: 'integrations-it', path: '/integrations', who: 'user', language: 'it', fullPage: true },
  {
    name: 'integrations-delete',
    path: '/integrations',
    who: 'user',
    then: async (page) => {
      await page.getByRole('button', { name: 'Actions for Giulia Rossi' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'projects-new', path: '/projects/new', who: 'user' },
  { name: 'subscription', path: '/user/subscription', who: 'user' },
  { name: 'subscription-it', path: '/user/subscription', who: 'user', language: 'it' },
  { name: 'account', path: '/user/account', who: 'user', fullPage: true },
  { name: 'account-it', path: '/user/account', who: 'user', language: 'it', fullPage: true },
  {
    name: 'account-delete',
    path: '/user/account',
    who: 'user',
    then: async (page) => {
      await page.getByRole('button', { name: 'Delete the account…' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'projects-comments',
    path: '/projects',
    who: 'user',
    fullPage: true,
    then: async (page) => {
      await page.getByRole('link', { name: 'Comments of Espresso Bar Milano' }).click();
      await page.getByRole('heading', { level: 1, name: 'Espresso Bar Milano: comments' }).waitFor();
      await page.getByRole('img', { name: /^Comments by sentiment/ }).waitFor();
      await page.waitForTimeout(300);
    },
  },
  {
    // A select opened lower on a scrolled page: its list beside its button, the page where it was.
    name: 'projects-comments-filter-open',
    path: '/projects',
    who: 'user',
    then: async (page) => {
      await page.getByRole('link', { name: 'Comments of Espresso Bar Milano' }).click();
      await page.getByRole('img', { name: /^Comments by sentiment/ }).waitFor();
      await page.evaluate(() => window.scrollTo(0, 250));
      const sentiment = page.getByRole('button', { name: 'Sentiment' });
      if (!(await sentiment.isVisible())) await page.getByRole('button', { name: /^More filters/ }).click();
      await sentiment.click();
      await page.getByRole('listbox').waitFor();
      await page.waitForTimeout(300);
    },
  },
  {
    name: 'projects-comments-it',
    path: '/projects',
    who: 'user',
    language: 'it',
    then: async (page) => {
      await page.getByRole('link', { name: 'Commenti di Espresso Bar Milano' }).click();
      await page.getByRole('heading', { level: 1, name: 'Espresso Bar Milano: commenti' }).waitFor();
      await page.getByRole('button', { name: 'Mostra come tabella' }).click();
    },
  },
  {
    name: 'projects-channels',
    path: '/projects',
    who: 'user',
    fullPage: true,
    then: async (page) => {
      await page.getByRole('link', { name: 'Channels of Espresso Bar Milano: manage' }).click();
      await page.getByRole('heading', { level: 1, name: 'Espresso Bar Milano: channels' }).waitFor();
    },
  },
  {
    name: 'projects-delete',
    path: '/projects',
    who: 'user',
    then: async (page) => {
      await page.getByRole('button', { name: 'Actions for Espresso Bar Milano' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'projects-rename',
    path: '/projects',
    who: 'user',
    language: 'it',
    then: async (page) => {
      await page.getByRole('button', { name: 'Azioni per Trattoria Roma' }).click();
      await page.getByRole('menuitem', { name: 'Rinomina' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'projects-share',
    path: '/projects',
    who: 'user',
    then: async (page) => {
      await page.getByRole('button', { name: 'Actions for Espresso Bar Milano' }).click();
      await page.getByRole('menuitem', { name: 'Share a report' }).click();
      const dialog = page.getByRole('dialog');
      const create = dialog.getByRole('button', { name: 'Create a link' });
      const link = dialog.getByRole('textbox', { name: 'Report link' });
      await create.or(link).first().waitFor();
      if (await create.isVisible()) await create.click();
      await link.waitFor();
    },
  },
  ...(['en', 'it'] as const).map((language): Screen => ({
    name: language === 'en' ? 'public-report' : 'public-report-it',
    path: '/projects',
    who: 'user',
    language,
    fullPage: true,
    then: async (page) => {
      const auth = await authOf(page);
      const { data } = await (await page.request.get(`${BASE_URL}/v1.0/projects`, { headers: auth })).json();
      const project = (data as Array<{ _id: string; name: string }>).find(
        (each) => each.name === 'Espresso Bar Milano',
      )!;
      const made = await page.request.post(`${BASE_URL}/v1.0/projects/${project._id}/report-link`, { headers: auth });
      await page.goto(`${BASE_URL}/public/reports/${(await made.json()).reportLink.token}`);
      await page.getByRole('img', { name: /sentiment/i }).waitFor();
    },
  })),
  {
    name: 'login-facebook-not-linked',
    path: '/login',
    who: 'guest',
    then: async (page) => {
      await page.getByRole('button', { name: 'Sign in with Facebook' }).click();
      await page.getByRole('radio', { name: /^Elena Conti/ }).check();
      await page.getByRole('button', { name: 'Allow', exact: true }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'login-facebook-no-email',
    path: '/login',
    who: 'guest',
    then: async (page) => {
      await page.getByRole('button', { name: 'Sign in with Facebook' }).click();
      await page.getByRole('radio', { name: /^Elena Conti/ }).check();
      await page.getByRole('button', { name: 'Allow without email' }).click();
      await page.getByText('Facebook did not share your email address').waitFor();
    },
  },
  {
    name: 'sandbox-facebook',
    path: '/login',
    who: 'guest',
    then: async (page) => {
      await page.getByRole('button', { name: 'Sign in with Facebook' }).click();
      await page.getByRole('heading', { name: 'Continue to the app as…' }).waitFor();
    },
  },
  {
    name: 'live-channel-fetched',
    path: '/integrations',
    who: 'fresh',
    then: async (page) => {
      await listening(page);
      await connectThroughApi(page.request, await authOf(page), 'facebook', '100000000000001');
      await page.getByRole('dialog', { name: '4 new channels are ready' }).waitFor();
    },
  },
  {
    name: 'live-channel-fetched-it',
    path: '/integrations',
    who: 'fresh',
    language: 'it',
    then: async (page) => {
      await listening(page);
      await connectThroughApi(page.request, await authOf(page), 'linkedin', 'li-sandbox-luca');
      await page.getByRole('dialog', { name: '2 nuovi canali sono pronti' }).waitFor();
    },
  },
  {
    // Elsewhere (another tab): a notice, not a dialog.
    name: 'live-channel-fetched-quiet',
    path: '/inbox',
    who: 'fresh',
    then: async (page) => {
      await listening(page);
      await connectThroughApi(page.request, await authOf(page), 'facebook', '100000000000001');
      await page.getByRole('status').filter({ hasText: 'new channels are ready' }).waitFor();
    },
  },
  {
    name: 'projects-comments-reply',
    path: '/projects',
    who: 'fresh',
    then: async (page) => {
      const projectId = await projectFollowingGiulias(page);
      await page.goto(`${BASE_URL}/projects/${projectId}/comments`);
      await page
        .getByRole('button', { name: /^Reply to / })
        .first()
        .click();
      await page.getByRole('textbox', { name: 'Your reply' }).fill('Thank you! See you on Sunday, we open at 8.');
    },
  },
  {
    name: 'inbox-reply-saved',
    path: '/projects',
    who: 'fresh',
    then: async (page) => {
      await projectFollowingGiulias(page);
      await page.request.post(`${BASE_URL}/v1.0/saved-replies`, {
        headers: await authOf(page),
        data: {
          title: 'Thank you (a long title for a saved reply, to see it wrap)',
          message: 'Thank you, {firstName}! See you soon at {pageName}.',
        },
      });
      await page.request.post(`${BASE_URL}/v1.0/saved-replies`, {
        headers: await authOf(page),
        data: { title: 'Thanks again', message: 'Grazie {firstName}!' },
      });
      await page.goto(`${BASE_URL}/inbox`);
      await openFirstInboxComment(page);
      await page
        .getByRole('button', { name: /^Reply to / })
        .first()
        .click();
      await page.getByRole('textbox', { name: 'Your reply' }).pressSequentially('/tha');
    },
  },
  {
    name: 'inbox-detail',
    path: '/projects',
    who: 'fresh',
    then: async (page) => {
      await projectFollowingGiulias(page);
      await page.goto(`${BASE_URL}/inbox`);
      await openFirstInboxComment(page);
    },
  },
  {
    name: 'inbox-delete',
    path: '/projects',
    who: 'fresh',
    then: async (page) => {
      await projectFollowingGiulias(page);
      await page.goto(`${BASE_URL}/inbox`);
      // On a phone the row's buttons are in its detail.
      await openFirstInboxComment(page);
      await page
        .getByRole('button', { name: /^Delete the comment of / })
        .first()
        .click();
    },
  },
  {
    name: 'inbox-rules',
    path: '/projects',
    who: 'fresh',
    then: async (page) => {
      const projectId = await projectFollowingGiulias(page);
      await page.request.post(`${BASE_URL}/v1.0/projects/${projectId}/rules`, {
        headers: await authOf(page),
        data: { name: 'Spam links', words: 'spam.example, cheap followers', actions: ['markDone', 'hide'] },
      });
      await page.request.post(`${BASE_URL}/v1.0/projects/${projectId}/rules`, {
        headers: await authOf(page),
        data: {
          name: 'Unhappy customers on Instagram',
          sentiment: 'NEGATIVE',
          network: 'instagram',
          actions: ['bookmark'],
        },
      });
      await page.goto(`${BASE_URL}/projects/${projectId}/rules`);
      await page.getByRole('button', { name: 'New rule' }).click();
      await page.getByLabel('Name').fill('Refunds');
      await page.getByLabel('Words').fill('refund, rimborso');
      await page.getByRole('button', { name: /^Try it on the latest/ }).click();
      await page.getByText(/^Would have matched/).waitFor();
    },
  },
  {
    name: 'alerts-bell',
    path: '/projects',
    who: 'fresh',
    then: async (page) => {
      await listening(page);
      await projectFollowingGiulias(page);
      await sayOnGiulias(
        page.request,
        'The worst service ever: rude staff, cold food, dirty tables. Terrible, never again.',
      );
      const bell = page.getByRole('button', { name: /^Notifications: [1-9]\d* unread$/ });
      await bell.waitFor();
      // The channels the connection brought are offered in a dialog first (issue of its own).
      const offered = page.getByRole('dialog', { name: /new channels? (is|are) ready/ });
      if (await offered.isVisible()) await offered.getByRole('button').last().click();
      await offered.waitFor({ state: 'hidden' });
      await bell.click();
    },
  },
  {
    name: 'saved-replies',
    path: '/user/saved-replies',
    who: 'user',
  },
  {
    name: 'saved-replies-it',
    path: '/user/saved-replies',
    who: 'user',
    language: 'it',
  },
  {
    name: 'alert-settings',
    path: '/user/alerts',
    who: 'user',
    fullPage: true,
    then: withLongProject,
  },
  {
    name: 'alert-settings-it',
    path: '/user/alerts',
    who: 'user',
    language: 'it',
    fullPage: true,
    then: withLongProject,
  },
  {
    name: 'saved-replies-edit',
    path: '/user/saved-replies',
    who: 'user',
    then: async (page) => {
      await page.getByRole('button', { name: 'New saved reply' }).click();
      await page.getByLabel('Title').fill('Hi {firstname}');
      await page.getByLabel('Reply', { exact: true }).fill('Hi {firstname}');
      await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
    },
  },
  {
    name: 'live-lost',
    path: '/projects',
    who: 'fresh',
    then: async (page) => {
      await listening(page);
      await page.context().setOffline(true);
      await page.getByText('Live updates paused.').waitFor({ timeout: 60_000 });
    },
  },
  {
    name: 'live-tiktok-import',
    path: '/projects',
    who: 'fresh',
    then: async (page) => {
      const made = await page.request.post(`${BASE_URL}/v1.0/projects`, {
        headers: await authOf(page),
        data: { name: 'Caffè launch' },
      });
      await page.goto(`${BASE_URL}/projects/${(await made.json())._id}/channels`);
      await page.getByRole('button', { name: 'Connect a TikTok user' }).click();
      await page.getByRole('radio', { name: /^Caffè Orbita/ }).check();
      await page.getByRole('button', { name: 'Allow', exact: true }).click();
      await page.waitForURL(/\/channels$/);
      await page
        .locator('[role="progressbar"][aria-valuenow="47"], [role="progressbar"][aria-valuenow="71"]')
        .waitFor();
    },
  },
  {
    name: 'live-tiktok-imported',
    path: '/projects',
    who: 'fresh',
    then: async (page) => {
      const made = await page.request.post(`${BASE_URL}/v1.0/projects`, {
        headers: await authOf(page),
        data: { name: 'Gelato summer' },
      });
      await page.goto(`${BASE_URL}/projects/${(await made.json())._id}/channels`);
      await page.getByRole('button', { name: 'Connect a TikTok user' }).click();
      await page.getByRole('radio', { name: /^Gelato Lab/ }).check();
      await page.getByRole('button', { name: 'Allow', exact: true }).click();
      await page.getByRole('dialog', { name: 'A new channel is ready' }).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('region', { name: 'Followed: TikTok users' }).waitFor();
    },
  },
  {
    name: 'sandbox-comment',
    path: '/sandbox/facebook/comments',
    who: 'guest',
    fullPage: true,
    then: async (page) => {
      await page.getByLabel('Page or Instagram account').selectOption('200000000000001');
      await page.getByLabel('Who comments').selectOption('Hannah Müller');
      await page.getByLabel('Comment', { exact: true }).fill(LONG_COMMENT);
      await page.getByLabel('Deliver it twice, as Meta sometimes does').check();
      await page.getByRole('button', { name: 'Comment', exact: true }).click();
      await page.getByRole('status').waitFor();
    },
  },
  {
    name: 'sandbox-comment-error',
    path: '/sandbox/facebook/comments',
    who: 'guest',
    then: async (page) => {
      await page.getByRole('button', { name: 'Comment', exact: true }).click();
      await page.getByText('Write the comment.').waitFor();
    },
  },
  {
    name: 'projects-comments-arrived',
    path: '/projects',
    who: 'fresh',
    then: async (page) => {
      const projectId = await projectFollowingGiulias(page);
      const subscribed = page.waitForResponse((response) => response.url().endsWith('/broadcasting/auth'));
      await page.goto(`${BASE_URL}/projects/${projectId}/comments`);
      await page.getByRole('table').waitFor();
      await subscribed;
      await sayOnGiulias(page.request, LONG_COMMENT);
      await page.getByRole('button', { name: 'Show 1 new comment' }).waitFor();
    },
  },
  {
    name: 'projects-comments-linkedin',
    path: '/projects',
    who: 'fresh',
    language: 'it',
    then: async (page) => {
      const projectId = await projectFollowingLucasOrganizations(page);
      await page.goto(`${BASE_URL}/projects/${projectId}/comments`);
      await page.getByRole('table').getByText('Nome non condiviso').first().waitFor();
    },
  },
  {
    name: 'admin-review-arrived',
    path: '/admin/sentiment-review?inReview=any',
    who: 'admin',
    then: async (page) => {
      await listening(page);
      await sayOnGiulias(page.request, 'Open on Sunday?');
      await sayOnGiulias(page.request, LONG_COMMENT);
      // One row for each user who follows the page.
      await page.getByRole('button', { name: /^Show \d+ new comments$/ }).waitFor();
    },
  },
  {
    name: 'admin-review-arrived-it',
    path: '/admin/sentiment-review?inReview=any',
    who: 'admin',
    language: 'it',
    then: async (page) => {
      await listening(page);
      await sayOnGiulias(page.request, 'Aperti domenica?');
      await page.getByRole('button', { name: /^Mostra \d+ nuovi? comment[oi]$/ }).waitFor();
    },
  },
];

/** The page again once the demo user has a project with a long name (made once). */
async function withLongProject(page: Page) {
  const headers = await authOf(page);
  const listed = await (await page.request.get(`${BASE_URL}/v1.0/projects`, { headers })).json();
  const name = 'Ristorante e Pasticceria della Nonna Giuseppina a Trastevere';
  if (!JSON.stringify(listed).includes(name)) {
    await page.request.post(`${BASE_URL}/v1.0/projects`, { headers, data: { name } });
  }
  await page.reload();
  await page.waitForSelector('main h1');
}

/** A long comment in Italian, as people write them. */
const LONG_COMMENT =
  'Siamo passati sabato pomeriggio con tutta la famiglia: cappuccino perfetto, cornetti ancora caldi e personale ' +
  'gentilissimo, anche se abbiamo aspettato quasi venti minuti per un tavolo all’aperto. Torneremo sicuramente!';

/** Someone connected Giulia Rossi (once a run), so her page's comments are delivered. */
let giuliaConnected: Promise<void> | undefined;

/** A sandbox person comments on Giulia Rossi's café page, delivered as Meta's webhook. */
async function sayOnGiulias(request: APIRequestContext, message: string) {
  giuliaConnected ??= (async () => {
    const made = await (await request.post(`${BASE_URL}/dev/users`, { data: { firstName: 'Gia' } })).json();
    const login = await request.post(`${BASE_URL}/v1.0/auth/login`, {
      data: { email: made.user.email, password: made.password },
    });
    await connectThroughApi(
      request,
      { authorization: `Bearer ${(await login.json()).access_token}` },
      'facebook',
      '100000000000001',
    );
    // Its channels, and with them the page's subscription, come from the background jobs.
    await new Promise((resolve) => setTimeout(resolve, 3000));
  })();
  await giuliaConnected;
  await request.post(`${BASE_URL}/dev/sandbox/comments`, {
    data: { channelId: '200000000000001', authorName: 'Tom Walker', message },
  });
}

type Channel = { _id: string; type: string };

/**
 * `GET path`'s data, read again every 200 ms (at most `tries` times) until `ready` accepts it:
 * what a background job makes (an account's channels, a page's comments) comes a moment after
 * the request that started it. Answers the last data read, ready or not.
 */
async function getUntil<Data>(
  page: Page,
  auth: Record<string, string>,
  path: string,
  ready: (data: Data) => boolean,
  tries = 50,
): Promise<Data> {
  for (let tried = 1; ; tried++) {
    const data = (await (await page.request.get(`${BASE_URL}${path}`, { headers: auth })).json()).data as Data;
    if (ready(data) || tried >= tries) return data;
    await page.waitForTimeout(200);
  }
}

/**
 * The page's user connects Giulia Rossi and makes a project "Bar" following her café page, as
 * the screens would: answers the project's id.
 */
async function projectFollowingGiulias(page: Page): Promise<string> {
  const auth = await authOf(page);
  await connectThroughApi(page.request, auth, 'facebook', '100000000000001');
  const channels = await getUntil<Channel[]>(page, auth, '/v1.0/channels', (data) =>
    data.some((each) => each.type === 'facebook-page'),
  );
  const pageId = channels.find((each) => each.type === 'facebook-page')?._id;
  const made = await page.request.post(`${BASE_URL}/v1.0/projects`, { headers: auth, data: { name: 'Bar' } });
  const projectId = (await made.json())._id as string;
  await page.request.post(`${BASE_URL}/v1.0/projects/${projectId}/channels`, {
    headers: auth,
    data: { channelId: pageId },
  });
  // The page's comments are fetched by a job after the channel is there: a page opened before
  // they are lists none (and offers them as new once they come), so the shots wait for them.
  await getUntil<unknown[]>(page, auth, `/v1.0/projects/${projectId}/comments`, (data) => data.length > 0, 150);
  return projectId;
}

/** On a phone, the inbox's first comment opened as its detail (wider screens show the row's buttons). */
async function openFirstInboxComment(page: Page) {
  await page.getByRole('table', { name: 'Comments in your inbox' }).getByRole('row').nth(1).waitFor();
  const open = page.getByRole('button', { name: /^Open the comment of / }).first();
  if (!(await open.isVisible())) return;
  await open.click();
  await page.getByRole('dialog').waitFor();
}

/** A project named at length following Luca Verdi's LinkedIn organizations, connected through the sandbox. */
async function projectFollowingLucasOrganizations(page: Page): Promise<string> {
  const auth = await authOf(page);
  await connectThroughApi(page.request, auth, 'linkedin', 'li-sandbox-luca');
  const isOrganization = (each: Channel) => each.type === 'linkedin-organization';
  const organizations = (
    await getUntil<Channel[]>(page, auth, '/v1.0/channels', (data) => data.filter(isOrganization).length >= 2)
  )
    .filter(isOrganization)
    .map((each) => each._id);
  const made = await page.request.post(`${BASE_URL}/v1.0/projects`, {
    headers: auth,
    data: { name: 'Torrefazione e studio di design: Milano Centro' },
  });
  const projectId = (await made.json())._id as string;
  for (const channelId of organizations) {
    await page.request.post(`${BASE_URL}/v1.0/projects/${projectId}/channels`, { headers: auth, data: { channelId } });
  }
  return projectId;
}

/** The page's bearer token, as the app keeps it. */
async function authOf(page: Page) {
  return { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('access_token'))}` };
}

/** Each page's wait for its subscription to succeed, started before the page loads (it may be quick). */
const subscriptions = new WeakMap<Page, Promise<unknown>>();

/**
 * Once the service said the page's subscription to its user's channel succeeded
 * (`subscriptionSucceeded`, as the end-to-end tests' `openListening` waits). Signed is not yet
 * subscribed: a page taken offline (`live-lost`) between the two still received the subscription's
 * answer, and pusher-js, which pings when the browser goes offline, takes any message for the
 * connection being alive; the page then said nothing for 40 s and more (until pusher-js's next
 * activity check, 120 s on).
 */
async function listening(page: Page) {
  await subscriptions.get(page);
}

/** Connects sandbox `person` to the user of `headers` through the API, as another tab would. */
async function connectThroughApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  provider: 'facebook' | 'linkedin',
  person: string,
) {
  const started = await request.post(`${BASE_URL}/v1.0/${provider}-accounts/authorize`, { headers, data: {} });
  const dialog = new URL((await started.json()).url);
  const html = await (await request.get(`${BASE_URL}${dialog.pathname}${dialog.search}`)).text();
  const answered = await request.post(`${BASE_URL}${dialog.pathname}`, {
    form: { ...consentFormFields(html), person, decision: 'allow' },
    maxRedirects: 0,
  });
  const back = new URL(answered.headers().location!);
  await request.post(`${BASE_URL}/v1.0/${provider}-accounts`, {
    headers,
    data: {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      [provider === 'facebook' ? 'facebook_redirect_uri' : 'redirect_uri']: `${back.origin}${back.pathname}`,
    },
  });
}

/** The demo user's connected accounts, made once through the sandbox (as the screen would). */
async function connectDemoAccounts(browser: Browser) {
  const context = await browser.newContext();
  const request = context.request;
  const login = await request.post(`${BASE_URL}/v1.0/auth/login`, { data: accounts.user });
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  for (const [provider, person] of [
    ['facebook', '100000000000001'],
    ['facebook', '100000000000002'],
    ['linkedin', 'li-sandbox-luca'],
  ] as const) {
    const listed = (await (await request.get(`${BASE_URL}/v1.0/${provider}-accounts`, { headers })).json()).data;
    if (listed.length >= (provider === 'facebook' ? 2 : 1)) continue;
    await connectThroughApi(request, headers, provider, person);
  }
  // The channels come from the background jobs.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await context.close();
}

const accounts = {
  user: { email: 'demo@example.com', password: 'Demo1234' },
  admin: { email: 'admin@example.com', password: 'Admin1234' },
};

async function shoot(browser: Browser, screen: (typeof screens)[number], width: number, theme: 'light' | 'dark') {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme });
  const page: Page = await context.newPage();
  await page.addInitScript((language) => {
    localStorage.setItem('language', language);
    localStorage.removeItem('theme');
  }, screen.language ?? 'en');
  if (screen.who !== 'guest') {
    let credentials: { email: string; password: string };
    if (screen.who === 'fresh') {
      const made = await (await page.request.post(`${BASE_URL}/dev/users`, { data: { firstName: 'Alex' } })).json();
      credentials = { email: made.user.email, password: made.password };
    } else credentials = accounts[screen.who];
    const response = await page.request.post(`${BASE_URL}/v1.0/auth/login`, { data: credentials });
    const { access_token: token } = await response.json();
    await page.addInitScript((value) => localStorage.setItem('access_token', value), token);
  }
  // A page that never subscribes (a guest's) closes with this still waiting.
  subscriptions.set(page, subscriptionSucceeded(page));
  await page.goto(`${BASE_URL}${screen.path}`);
  await page.waitForSelector('main h1');
  if (screen.then) await screen.then(page);
  await page.evaluate(() => document.fonts.ready);
  const file = `${OUT}/${screen.name}-${width}-${theme}.png`;
  await page.screenshot({ path: file, fullPage: screen.fullPage ?? width < 600 });
  await context.close();
  console.log(file);
}

if (!existsSync(OUT)) mkdirSync(OUT, { recursive: true });
const executablePath = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
if (screens.some((s) => (!only || s.name.includes(only)) && s.name.startsWith('integrations'))) {
  await connectDemoAccounts(browser);
}
for (const screen of screens.filter((s) => !only || s.name.includes(only))) {
  for (const width of [375, 1280, 1920])
    for (const theme of ['light', 'dark'] as const) await shoot(browser, screen, width, theme);
}
await browser.close();
