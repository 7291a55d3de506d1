import { Hono, type Context } from 'hono';
import { withParams } from '../../http/form-body';
import { sameSecret } from '../../security/same-secret';
import { consentErrorPage, consentPage, readConsentAnswer, registrationRefusal } from './consent';
import { signatureOf } from '../../webhooks/routes';
import { instagramCommentsDelivery, pageFeedDelivery, type FeedCommentChange } from '../../webhooks/meta-deliveries';
import type { SandboxDeliveryOutcome } from '../../../contract/sandbox/providers';
import { SandboxCommentBoard, type SandboxComment } from './comments';
import { SandboxGrants, type SandboxGrant } from './grants';

/**
 * The sandbox Facebook (decision 025): the part of the Graph API the adapter calls
 * (server/integrations/providers/facebook.ts), answering from fixtures with Graph's own shapes and
 * error codes, so the adapter's code is the same here and against graph.facebook.com. Codes and
 * tokens live in this instance's memory, as the Mautic sandbox's do. The login dialog is a consent
 * page (the person to be, 'Allow', 'Allow without email', 'Cancel') that goes back to the redirect
 * URI as Facebook does: `code`, `granted_scopes` and `state`, or `error=access_denied`.
 */

/** Graph's own lifetimes: a code for minutes, a short-lived user token for about two hours. */
export const SANDBOX_FACEBOOK_CODE_TTL_MS = 10 * 60_000;
export const SANDBOX_FACEBOOK_TOKEN_SECONDS = 2 * 3600;
/** A long-lived user token (what the short-lived one is exchanged for): about 60 days. */
export const SANDBOX_FACEBOOK_LONG_LIVED_SECONDS = 60 * 24 * 3600;

export interface SandboxPerson {
  id: string;
  name: string;
  email: string;
  pages: Array<{ id: string; name: string; instagram?: { id: string; username: string } }>;
  adAccounts: Array<{ id: string; name: string }>;
}

/** Who can be "logged in" at the sandbox: a page with Instagram, one without, an ad account. */
export const SANDBOX_FACEBOOK_PEOPLE: SandboxPerson[] = [
  {
    id: '100000000000001',
    name: 'Giulia Rossi',
    email: 'giulia.rossi@sandbox.example.com',
    pages: [
      {
        id: '200000000000001',
        name: 'Espresso Bar Milano',
        instagram: { id: '300000000000001', username: 'espressobarmilano' },
      },
      { id: '200000000000002', name: 'Trattoria Roma' },
    ],
    adAccounts: [{ id: 'act_400000000000001', name: 'Espresso Bar Milano Ads' }],
  },
  {
    id: '100000000000002',
    name: 'Marco Bianchi',
    email: 'marco.bianchi@sandbox.example.com',
    pages: [{ id: '200000000000003', name: 'Bianchi Bottega' }],
    adAccounts: [],
  },
  // Three more, each with a page of their own: enough people for tests that run side by side
  // (signing in, signing up, reconnecting) never to share one.
  {
    id: '100000000000003',
    name: 'Sofia Esposito',
    email: 'sofia.esposito@sandbox.example.com',
    pages: [{ id: '200000000000004', name: 'Esposito Fiori' }],
    adAccounts: [],
  },
  {
    id: '100000000000004',
    name: 'Paolo Ferrari',
    email: 'paolo.ferrari@sandbox.example.com',
    pages: [{ id: '200000000000005', name: 'Ferrari Ciclismo' }],
    adAccounts: [{ id: 'act_400000000000002', name: 'Ferrari Ciclismo Ads' }],
  },
  {
    id: '100000000000005',
    name: 'Chiara Romano',
    email: 'chiara.romano@sandbox.example.com',
    pages: [
      {
        id: '200000000000006',
        name: 'Romano Gelateria',
        instagram: { id: '300000000000002', username: 'romanogelateria' },
      },
    ],
    adAccounts: [],
  },
  // His page's comments come and go through the sandbox's comment controls in the tests of
  // comments arriving by themselves; no other test connects him.
  {
    id: '100000000000007',
    name: 'Luca Moretti',
    email: 'luca.moretti@sandbox.example.com',
    pages: [{ id: '200000000000007', name: 'Moretti Pasticceria' }],
    adAccounts: [],
  },
  // Nobody connects her: signing in as her meets "not linked".
  {
    id: '100000000000006',
    name: 'Elena Conti',
    email: 'elena.conti@sandbox.example.com',
    pages: [],
    adAccounts: [],
  },
];

type Grant = SandboxGrant;

/** The login dialog's buttons. */
const DECISIONS = [
  { value: 'allow', label: 'Allow' },
  { value: 'allow-without-email', label: 'Allow without email' },
  { value: 'cancel', label: 'Cancel' },
];

const graphError = (c: Context, status: 400 | 401 | 403 | 429, code: number, message: string, subcode?: number) =>
  c.json(
    {
      error: {
        message,
        type: 'OAuthException',
        code,
        ...(subcode ? { error_subcode: subcode } : {}),
        fbtrace_id: 'sandbox',
      },
    },
    status,
  );

/** Every sandbox page and Instagram account people can comment on, with whose it is. */
export function sandboxCommentedChannels() {
  return SANDBOX_FACEBOOK_PEOPLE.flatMap((person) =>
    person.pages.flatMap((page) => [
      { id: page.id, name: page.name, kind: 'page' as const, owner: person.name },
      ...(page.instagram
        ? [
            {
              id: page.instagram.id,
              name: `@${page.instagram.username}`,
              kind: 'instagram' as const,
              owner: person.name,
            },
          ]
        : []),
    ]),
  );
}

export type FacebookSandbox = ReturnType<typeof facebookSandbox>;

/**
 * What became of a change's webhook: `delivered` (the app answered 200), `refused` (it answered
 * `status`), `notSubscribed` (no connected account follows the page), `noWebhook` (Instagram sends
 * none for an edit or a removal), `heldBack` (a late delivery, sent after the next change).
 */
export type SandboxDelivery = { outcome: SandboxDeliveryOutcome; status: number | null };

export function facebookSandbox({
  appId,
  appSecret,
  redirectUris = [],
  clock = Date.now,
  deliver,
  isSubscribed = async () => false,
}: {
  appId: string;
  appSecret: string;
  /** The app's "Valid OAuth Redirect URIs": the dialog goes back to these only. */
  redirectUris?: string[];
  clock?: () => number;
  /**
   * Posts a webhook delivery (its JSON and its X-Hub-Signature-256) to the app's callback URL, as
   * Meta does; absent, the sandbox's people's comments are only read, never delivered.
   */
  deliver?: (body: string, signature: string) => Promise<number>;
  /**
   * Whether a page is subscribed to the app's webhooks: whether someone's connected account in
   * the app follows it (its database), so it holds across restarts and instances as Meta's does.
   */
  isSubscribed?: (pageId: string) => Promise<boolean>;
}) {
  const grants = new SandboxGrants(clock, {
    codeMs: SANDBOX_FACEBOOK_CODE_TTL_MS,
    accessSeconds: SANDBOX_FACEBOOK_TOKEN_SECONDS,
  });
  const routes = new Hono().basePath('/sandbox/facebook/:version');

  /** The person behind a call's token, or Graph's answer for a token that does not work. */
  function caller(c: Context): { person: SandboxPerson; grant: Grant } | Response {
    if (grants.takeRateLimited()) return graphError(c, 429, 4, 'Application request limit reached');
    const token = c.req.query('access_token') ?? c.req.header('authorization')?.replace(/^Bearer /, '');
    const access = grants.accessGrant(token);
    if (!access) return graphError(c, 400, 190, 'Invalid OAuth access token.');
    if (access.expired) return graphError(c, 400, 190, 'Session has expired.', 463);
    const person = SANDBOX_FACEBOOK_PEOPLE.find((each) => each.id === access.grant.subject)!;
    return { person, grant: access.grant };
  }
  const needs = (c: Context, grant: Grant, permission: string) =>
    grant.scopes.includes(permission) ? undefined : graphError(c, 403, 200, `Requires ${permission} permission.`);

  const showError = (c: Context, problem: string) => consentErrorPage(c, 'Facebook', problem);
  const refusal = (clientId: string | undefined, redirectUri: string | undefined) =>
    registrationRefusal(
      { clientId: appId, redirectUris, clientWord: 'client_id', urisWord: 'Valid OAuth Redirect URIs' },
      clientId,
      redirectUri,
    );

  // The login dialog (Facebook Login, manual flow): who to be and what to grant.
  routes.get('/dialog/oauth', (c) => {
    const { client_id: clientId, redirect_uri: redirectUri, state, scope = '', response_type: type } = c.req.query();
    const problem = refusal(clientId, redirectUri);
    if (problem) return showError(c, problem);
    if ((type ?? 'code') !== 'code') {
      return c.redirect(withParams(redirectUri!, { error: 'unsupported_response_type', state }), 303);
    }
    const scopes = scope
      .split(',')
      .map((each) => each.trim())
      .filter(Boolean);
    return consentPage(c, {
      product: 'Facebook',
      title: 'Log in with Facebook',
      heading: 'Continue to the app as…',
      intro: 'The app asks to see who you are and to manage what you choose:',
      scopes,
      madeUp: 'Its people, pages and ad accounts are made up.',
      hidden: { client_id: appId, redirect_uri: redirectUri, scope: scopes.join(','), state },
      choose: {
        field: 'person',
        legend: 'Log in as',
        choices: SANDBOX_FACEBOOK_PEOPLE.map((person) => ({
          value: person.id,
          label: person.name,
          note: person.email,
        })),
      },
      decisions: DECISIONS,
      redirectUri: redirectUri!,
    });
  });

  routes.post('/dialog/oauth', async (c) => {
    const answer = await readConsentAnswer(c, {
      product: 'Facebook',
      clientField: 'client_id',
      choiceField: 'person',
      choices: SANDBOX_FACEBOOK_PEOPLE.map((person) => person.id),
      decisions: DECISIONS.map((each) => each.value),
      refusal,
    });
    if (answer instanceof Response) return answer;
    const { redirectUri, state, decision, subject: personId, scope } = answer;
    if (decision === 'cancel') {
      return c.redirect(
        withParams(redirectUri, {
          error: 'access_denied',
          error_code: '200',
          error_description: 'Permissions error',
          error_reason: 'user_denied',
          state,
        }),
        303,
      );
    }
    const asked = scope.split(',').filter(Boolean);
    const granted = decision === 'allow' ? asked : asked.filter((each) => each !== 'email');
    const denied = asked.filter((each) => !granted.includes(each));
    return c.redirect(
      withParams(redirectUri, {
        code: sandbox.consent(personId, granted, redirectUri),
        granted_scopes: granted.join(','),
        denied_scopes: denied.length > 0 ? denied.join(',') : undefined,
        state,
      }),
      303,
    );
  });

  routes.get('/oauth/access_token', (c) => {
    const { client_id: clientId, client_secret: secret, redirect_uri: redirectUri, code } = c.req.query();
    if (clientId !== appId || !sameSecret(secret ?? '', appSecret))
      return graphError(c, 400, 101, 'Error validating application.');
    // A short-lived user token for a long-lived one (Facebook Login › long-lived tokens).
    if (c.req.query('grant_type') === 'fb_exchange_token') {
      const access = grants.accessGrant(c.req.query('fb_exchange_token'));
      if (!access || access.expired) return graphError(c, 400, 190, 'Invalid OAuth access token.');
      const { accessToken } = grants.issueTokens(access.grant, 'EAA', SANDBOX_FACEBOOK_LONG_LIVED_SECONDS);
      return c.json({
        access_token: accessToken,
        token_type: 'bearer',
        expires_in: SANDBOX_FACEBOOK_LONG_LIVED_SECONDS,
      });
    }
    const issued = grants.takeCode(code, redirectUri);
    if (!issued) return graphError(c, 400, 100, 'This authorization code has expired or been used.', 36009);
    const { accessToken } = grants.issueTokens(issued, 'EAA');
    return c.json({ access_token: accessToken, token_type: 'bearer', expires_in: SANDBOX_FACEBOOK_TOKEN_SECONDS });
  });

  routes.get('/me', (c) => {
    const who = caller(c);
    if (who instanceof Response) return who;
    const { person, grant } = who;
    return c.json({
      id: person.id,
      name: person.name,
      ...(grant.scopes.includes('email') ? { email: person.email } : {}),
    });
  });

  routes.get('/me/permissions', (c) => {
    const who = caller(c);
    if (who instanceof Response) return who;
    return c.json({ data: who.grant.scopes.map((permission) => ({ permission, status: 'granted' })) });
  });

  routes.get('/me/accounts', (c) => {
    const who = caller(c);
    if (who instanceof Response) return who;
    const refused = needs(c, who.grant, 'pages_show_list');
    if (refused) return refused;
    const withInstagram = who.grant.scopes.includes('instagram_basic');
    return c.json({
      data: who.person.pages.map((page) => ({
        id: page.id,
        name: page.name,
        ...(page.instagram && withInstagram ? { instagram_business_account: page.instagram } : {}),
      })),
      paging: { cursors: { before: 'sandbox', after: 'sandbox' } },
    });
  });

  routes.get('/me/adaccounts', (c) => {
    const who = caller(c);
    if (who instanceof Response) return who;
    const refused = needs(c, who.grant, 'ads_read');
    if (refused) return refused;
    return c.json({ data: who.person.adAccounts });
  });

  // What people say on the pages and Instagram accounts, and the replies posted.
  // Graph lists comments per post (`/{post-id}/comments`); the sandbox keeps one stream a
  // channel, which is what the app reads them as.
  const board = new SandboxCommentBoard(
    clock,
    new Set(SANDBOX_FACEBOOK_PEOPLE.flatMap((person) => person.pages.flatMap((page) => page.instagram?.id ?? []))),
  );
  /** The page or Instagram account `id` among the caller's, with the name it replies as. */
  const channelOf = (person: SandboxPerson, id: string) => {
    for (const page of person.pages) {
      if (page.id === id) return { id: page.id, name: page.name };
      if (page.instagram?.id === id) return { id: page.instagram.id, name: page.instagram.username };
    }
    return undefined;
  };

  routes.get('/:objectId/comments', (c) => {
    const who = caller(c);
    if (who instanceof Response) return who;
    const refused = needs(c, who.grant, 'pages_read_engagement');
    if (refused) return refused;
    const channel = channelOf(who.person, c.req.param('objectId'));
    if (!channel) return graphError(c, 400, 100, 'Unsupported get request. Object does not exist.', 33);
    // Graph's `since` (seconds): the comments made from then on.
    const since = Number(c.req.query('since'));
    const listed = board.list(channel.id);
    const data = Number.isFinite(since)
      ? listed.filter((comment) => Date.parse(comment.created_time) >= since * 1000)
      : listed;
    return c.json({ data, paging: { cursors: { before: 'sandbox', after: 'sandbox' } } });
  });

  routes.post('/:objectId/comments', async (c) => {
    const who = caller(c);
    if (who instanceof Response) return who;
    const refused = needs(c, who.grant, 'pages_manage_engagement');
    if (refused) return refused;
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const message = String(c.req.query('message') ?? form['message'] ?? '').trim();
    if (!message) return graphError(c, 400, 100, '(#100) The parameter message is required');
    // The object is the comment answered.
    const commentId = c.req.param('objectId');
    const channelId = commentId.split('_')[0]!;
    const channel = channelOf(who.person, channelId);
    const posted = channel ? board.reply(channel.id, channel.name, commentId, message) : undefined;
    if (!posted) return graphError(c, 400, 100, 'Unsupported post request. Object does not exist.', 33);
    return c.json({ id: posted.id });
  });

  // A page hides a comment on it, or shows it again: Graph's `POST /{comment-id}?is_hidden=`, an
  // Instagram account's `?hide=`. The comment keeps its place; its listing says `is_hidden`.
  routes.post('/:commentId', async (c) => {
    const who = caller(c);
    if (who instanceof Response) return who;
    const refused = needs(c, who.grant, 'pages_manage_engagement');
    if (refused) return refused;
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const value = String(c.req.query('is_hidden') ?? c.req.query('hide') ?? form['is_hidden'] ?? form['hide'] ?? '');
    if (value !== 'true' && value !== 'false') {
      return graphError(c, 400, 100, '(#100) The parameter is_hidden is required');
    }
    const commentId = c.req.param('commentId');
    const channel = channelOf(who.person, commentId.split('_')[0]!);
    if (!channel || !board.setHidden(channel.id, commentId, value === 'true')) {
      return graphError(c, 400, 100, 'Unsupported post request. Object does not exist.', 33);
    }
    // Meta tells the app's webhook of the change, as of any other: the app knows it already.
    const hidden = board.comment(channel.id, commentId);
    if (hidden) await deliverChange(channel.id, value === 'true' ? 'hide' : 'unhide', hidden);
    return c.json({ success: true });
  });

  // A page deletes a comment on it (and an Instagram account one on its media): Graph's
  // `DELETE /{comment-id}`. It goes with its replies; the page's webhook then says `remove`.
  routes.delete('/:commentId', async (c) => {
    const who = caller(c);
    if (who instanceof Response) return who;
    const refused = needs(c, who.grant, 'pages_manage_engagement');
    if (refused) return refused;
    const commentId = c.req.param('commentId');
    const channel = channelOf(who.person, commentId.split('_')[0]!);
    const deleted = channel ? board.deleteComment(channel.id, commentId) : undefined;
    if (!channel || !deleted) {
      return graphError(c, 400, 100, 'Unsupported delete request. Object does not exist.', 33);
    }
    await deliverChange(channel.id, 'remove', deleted);
    return c.json({ success: true });
  });

  // The pages subscribed to the app's webhooks (`subscribed_apps`), as a connected account does.
  // An Instagram account's comments are delivered when its page is subscribed. Which pages are is
  // `isSubscribed`'s to say, from the app's connected accounts; these calls check who asks.
  const managedPage = (c: Context, who: { person: SandboxPerson }) =>
    who.person.pages.find((page) => page.id === c.req.param('pageId'));
  routes.post('/:pageId/subscribed_apps', (c) => {
    const who = caller(c);
    if (who instanceof Response) return who;
    const page = managedPage(c, who);
    if (!page) return graphError(c, 400, 100, 'Unsupported post request. Object does not exist.', 33);
    return c.json({ success: true });
  });
  routes.delete('/:pageId/subscribed_apps', (c) => {
    const who = caller(c);
    if (who instanceof Response) return who;
    const page = managedPage(c, who);
    if (!page) return graphError(c, 400, 100, 'Unsupported delete request. Object does not exist.', 33);
    return c.json({ success: true });
  });

  /** The page or Instagram account `id` of any sandbox person, with its page. */
  const anyChannel = (id: string) => {
    for (const person of SANDBOX_FACEBOOK_PEOPLE) {
      for (const page of person.pages) {
        if (page.id === id) return { pageId: page.id, kind: 'page' as const, name: page.name };
        if (page.instagram?.id === id)
          return { pageId: page.id, kind: 'instagram' as const, name: page.instagram.username };
      }
    }
    return undefined;
  };

  // Meta's times are whole seconds; the sandbox never gives two changes the same one, so the
  // order it made them in is the order their times say.
  let lastSecond = 0;
  const nextSecond = () => (lastSecond = Math.max(Math.floor(clock() / 1000), lastSecond + 1));
  /** A late edit's delivery, held until the next change of its comment is delivered. */
  const heldBack = new Map<string, string>();

  const personId = (name: string) => `9${[...name].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 1e9, 7)}`;

  function deliveryOf(channelId: string, verb: FeedCommentChange['verb'], comment: SandboxComment) {
    const channel = anyChannel(channelId)!;
    const time = nextSecond();
    if (channel.kind === 'instagram') {
      return instagramCommentsDelivery(channelId, time, [
        {
          id: comment.id,
          text: comment.message,
          from: { id: personId(comment.from.name), username: comment.from.name },
          mediaId: `${channelId}_media1`,
          parentId: comment.parent?.id,
        },
      ]);
    }
    return pageFeedDelivery(channelId, [
      {
        verb,
        commentId: comment.id,
        time,
        createdTime: Math.floor(Date.parse(comment.created_time) / 1000),
        message: comment.message,
        parentId: comment.parent?.id,
        from: { id: personId(comment.from.name), name: comment.from.name },
      },
    ]);
  }

  /**
   * Delivers a change of `channelId` when its page is subscribed, as Meta would: signed, and
   * `twice` for a duplicate. Instagram sends no edits or removals; the scheduled sync finds them.
   * Answers what became of it: the app's answer to the first delivery, or why none was sent.
   */
  async function deliverChange(
    channelId: string,
    verb: FeedCommentChange['verb'],
    comment: SandboxComment,
    options: { twice?: boolean; late?: boolean } = {},
  ): Promise<SandboxDelivery> {
    const channel = anyChannel(channelId);
    if (!deliver || !channel || !(await isSubscribed(channel.pageId)))
      return { outcome: 'notSubscribed', status: null };
    if (channel.kind === 'instagram' && verb !== 'add') return { outcome: 'noWebhook', status: null };
    const body = JSON.stringify(deliveryOf(channelId, verb, comment));
    if (options.late) {
      heldBack.set(comment.id, body);
      return { outcome: 'heldBack', status: null };
    }
    const signature = signatureOf(body, appSecret);
    const status = await deliver(body, signature);
    if (options.twice) await deliver(body, signature);
    const held = heldBack.get(comment.id);
    if (held !== undefined) {
      heldBack.delete(comment.id);
      await deliver(held, signatureOf(held, appSecret));
    }
    return { outcome: status === 200 ? 'delivered' : 'refused', status };
  }

  const sandbox = {
    routes,
    /** The sandbox's comment controls (a made-up person comments, edits, removes), each delivered as Meta would. */
    comments: {
      async add(input: { channelId: string; authorName: string; message: string; parentId?: string; twice?: boolean }) {
        if (!anyChannel(input.channelId)) return undefined;
        const comment = board.say(input.channelId, input.authorName, input.message, input.parentId);
        if (!comment) return undefined;
        return { comment, delivery: await deliverChange(input.channelId, 'add', comment, { twice: input.twice }) };
      },
      async edit(input: { commentId: string; message: string; twice?: boolean; late?: boolean }) {
        const found = board.find(input.commentId);
        if (!found) return undefined;
        const comment = board.edit(input.commentId, input.message)!;
        const delivery = await deliverChange(found.channelId, 'edited', comment, {
          twice: input.twice,
          late: input.late,
        });
        return { comment, delivery };
      },
      async remove(input: { commentId: string; twice?: boolean }) {
        const found = board.find(input.commentId);
        if (!found) return undefined;
        board.remove(input.commentId);
        return { delivery: await deliverChange(found.channelId, 'remove', found.comment, { twice: input.twice }) };
      },
      /** What the people said on `channelId` through these controls, oldest first. */
      saidOn: (channelId: string) => board.saidOn(channelId),
      /** Where a comment of theirs is. */
      find: (commentId: string) => board.find(commentId),
      /** Whether the page hid the comment (through the app). */
      isHidden: (commentId: string) => board.isHidden(commentId),
      /** Whether the page deleted the comment (through the app). */
      isDeleted: (commentId: string) => board.isDeleted(commentId),
    },
    /** What the consent page's 'Allow' does: a code for `personId` with `scopes`, for `redirectUri`. */
    consent: (personId: string, scopes: string[], redirectUri: string) =>
      grants.issueCode(personId, scopes, redirectUri),
    /** The person withdraws a permission at Facebook (Settings › Business integrations). */
    revoke: (token: string, permission: string) => grants.revoke(token, permission),
    /** The next `calls` Graph calls answer the app-level rate limit (code 4). */
    rateLimit: (calls: number) => grants.rateLimit(calls),
    /** Every token of `personId` stops working (they logged out of Facebook, or changed password). */
    expireTokensOf: (personId: string) => grants.expire(personId),
  };
  return sandbox;
}
