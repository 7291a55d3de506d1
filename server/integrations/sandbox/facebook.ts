import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';

/**
 * The sandbox Facebook (decision 025): the part of the Graph API the adapter calls
 * (server/integrations/providers/facebook.ts), answering from fixtures with Graph's own shapes and
 * error codes, so the adapter's code is the same here and against graph.facebook.com. Codes and
 * tokens live in this instance's memory, as the Mautic sandbox's do. Slice 2 of issue 11: the
 * consent page and its mounting outside production come with the accounts' routes.
 */

/** Graph's own lifetimes: a code for minutes, a short-lived user token for about two hours. */
export const SANDBOX_FACEBOOK_CODE_TTL_MS = 10 * 60_000;
export const SANDBOX_FACEBOOK_TOKEN_SECONDS = 2 * 3600;

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
];

type Grant = { personId: string; scopes: string[]; expiresAt: number };

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

export function facebookSandbox({
  appId,
  appSecret,
  clock = Date.now,
}: {
  appId: string;
  appSecret: string;
  clock?: () => number;
}) {
  const codes = new Map<string, Grant & { redirectUri: string }>();
  const tokens = new Map<string, Grant>();
  let rateLimitedCalls = 0;
  const routes = new Hono().basePath('/sandbox/facebook/:version');

  /** The person behind a call's token, or Graph's answer for a token that does not work. */
  function caller(c: Context): { person: SandboxPerson; grant: Grant } | Response {
    if (rateLimitedCalls > 0) {
      rateLimitedCalls -= 1;
      return graphError(c, 429, 4, 'Application request limit reached');
    }
    const token = c.req.query('access_token') ?? c.req.header('authorization')?.replace(/^Bearer /, '');
    const grant = token ? tokens.get(token) : undefined;
    if (!grant) return graphError(c, 400, 190, 'Invalid OAuth access token.');
    if (grant.expiresAt <= clock()) return graphError(c, 400, 190, 'Session has expired.', 463);
    const person = SANDBOX_FACEBOOK_PEOPLE.find((each) => each.id === grant.personId)!;
    return { person, grant };
  }
  const needs = (c: Context, grant: Grant, permission: string) =>
    grant.scopes.includes(permission) ? undefined : graphError(c, 403, 200, `Requires ${permission} permission.`);

  routes.get('/oauth/access_token', (c) => {
    const { client_id: clientId, client_secret: secret, redirect_uri: redirectUri, code } = c.req.query();
    if (clientId !== appId || secret !== appSecret) return graphError(c, 400, 101, 'Error validating application.');
    const issued = code ? codes.get(code) : undefined;
    // Single use, whatever the outcome.
    if (code) codes.delete(code);
    if (!issued || issued.expiresAt <= clock() || issued.redirectUri !== redirectUri) {
      return graphError(c, 400, 100, 'This authorization code has expired or been used.', 36009);
    }
    const token = `EAA${randomBytes(24).toString('base64url')}`;
    tokens.set(token, {
      personId: issued.personId,
      scopes: issued.scopes,
      expiresAt: clock() + SANDBOX_FACEBOOK_TOKEN_SECONDS * 1000,
    });
    return c.json({ access_token: token, token_type: 'bearer', expires_in: SANDBOX_FACEBOOK_TOKEN_SECONDS });
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

  return {
    routes,
    /** What the consent page's 'Allow' does: a code for `personId` with `scopes`, for `redirectUri`. */
    consent(personId: string, scopes: string[], redirectUri: string): string {
      const code = randomBytes(24).toString('base64url');
      codes.set(code, { personId, scopes, redirectUri, expiresAt: clock() + SANDBOX_FACEBOOK_CODE_TTL_MS });
      return code;
    },
    /** The person withdraws a permission at Facebook (Settings › Business integrations). */
    revoke(token: string, permission: string) {
      const grant = tokens.get(token);
      if (grant) grant.scopes = grant.scopes.filter((scope) => scope !== permission);
    },
    /** The next `calls` Graph calls answer the app-level rate limit (code 4). */
    rateLimit(calls: number) {
      rateLimitedCalls = calls;
    },
  };
}
