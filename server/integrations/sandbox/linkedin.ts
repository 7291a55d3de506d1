import { Hono, type Context } from 'hono';
import { readForm, withParams } from '../../http/form-body';
import { sameSecret } from '../../security/same-secret';
import { SandboxCommentBoard, type SandboxComment } from './comments';
import { consentErrorPage, consentPage, readConsentAnswer, registrationRefusal } from './consent';
import { SandboxGrants, type SandboxGrant } from './grants';

/**
 * The sandbox LinkedIn (decision 025): the authorization page, the token endpoint (codes and
 * refresh tokens) and the part of the API the adapter calls (server/integrations/providers/
 * linkedin.ts), with LinkedIn's shapes and error answers, from fixtures. State in memory, as the
 * other sandboxes keep theirs.
 */

/** LinkedIn's lifetimes: a code for 30 minutes, an access token for 60 days. */
export const SANDBOX_LINKEDIN_CODE_TTL_MS = 30 * 60_000;
export const SANDBOX_LINKEDIN_TOKEN_SECONDS = 60 * 24 * 3600;

export interface SandboxLinkedInPerson {
  id: string;
  name: string;
  email: string;
  organizations: Array<{ id: number; name: string }>;
}

/** Who can sign in at the sandbox: an administrator of two organizations, and one of none. */
export const SANDBOX_LINKEDIN_PEOPLE: SandboxLinkedInPerson[] = [
  {
    id: 'li-sandbox-luca',
    name: 'Luca Verdi',
    email: 'luca.verdi@sandbox.example.com',
    organizations: [
      { id: 10000001, name: 'Orbita Coffee Roasters' },
      { id: 10000002, name: 'Milano Design Studio' },
    ],
  },
  { id: 'li-sandbox-sara', name: 'Sara Neri', email: 'sara.neri@sandbox.example.com', organizations: [] },
];

type Grant = SandboxGrant;

/** The authorization page's buttons. */
const DECISIONS = [
  { value: 'allow', label: 'Allow' },
  { value: 'allow-without-email', label: 'Allow without email' },
  { value: 'cancel', label: 'Cancel' },
];

const apiError = (c: Context, status: 401 | 403 | 404 | 429, code: string, message: string) =>
  c.json({ status, serviceErrorCode: status === 401 ? 65600 : 100, code, message }, status);

export function linkedinSandbox({
  clientId,
  clientSecret,
  redirectUris = [],
  clock = Date.now,
}: {
  clientId: string;
  clientSecret: string;
  redirectUris?: string[];
  clock?: () => number;
}) {
  const grants = new SandboxGrants(clock, {
    codeMs: SANDBOX_LINKEDIN_CODE_TTL_MS,
    accessSeconds: SANDBOX_LINKEDIN_TOKEN_SECONDS,
    refreshSeconds: 365 * 24 * 3600,
  });
  const routes = new Hono().basePath('/sandbox/linkedin');

  const showError = (c: Context, problem: string) => consentErrorPage(c, 'LinkedIn', problem);
  const refusal = (id: string | undefined, redirectUri: string | undefined) =>
    registrationRefusal(
      { clientId, redirectUris, clientWord: 'client_id', urisWord: 'Authorized redirect URLs' },
      id,
      redirectUri,
    );

  const issueTokens = (grant: Grant) => {
    const { accessToken, refreshToken } = grants.issueTokens(grant, 'AQ');
    return {
      access_token: accessToken,
      expires_in: SANDBOX_LINKEDIN_TOKEN_SECONDS,
      refresh_token: refreshToken,
      refresh_token_expires_in: 365 * 24 * 3600,
      scope: grant.scopes.join(','),
    };
  };

  routes.get('/oauth/v2/authorization', (c) => {
    const { client_id: id, redirect_uri: redirectUri, state, scope = '', response_type: type } = c.req.query();
    const problem = refusal(id, redirectUri);
    if (problem) return showError(c, problem);
    if (type !== 'code') {
      return c.redirect(withParams(redirectUri!, { error: 'unsupported_response_type', state }), 303);
    }
    const scopes = scope.split(/[\s,]+/).filter(Boolean);
    return consentPage(c, {
      product: 'LinkedIn',
      title: 'Sign in with LinkedIn',
      heading: 'Allow access to your LinkedIn account?',
      intro: 'The app asks for:',
      scopes,
      madeUp: 'Its members and organizations are made up.',
      hidden: { client_id: clientId, redirect_uri: redirectUri, scope: scopes.join(' '), state },
      choose: {
        field: 'person',
        legend: 'Sign in as',
        choices: SANDBOX_LINKEDIN_PEOPLE.map((person) => ({
          value: person.id,
          label: person.name,
          note: person.email,
        })),
      },
      decisions: DECISIONS,
      redirectUri: redirectUri!,
    });
  });

  routes.post('/oauth/v2/authorization', async (c) => {
    const answer = await readConsentAnswer(c, {
      product: 'LinkedIn',
      clientField: 'client_id',
      choiceField: 'person',
      choices: SANDBOX_LINKEDIN_PEOPLE.map((person) => person.id),
      decisions: DECISIONS.map((each) => each.value),
      refusal,
    });
    if (answer instanceof Response) return answer;
    const { redirectUri, state, decision, subject: personId, scope } = answer;
    if (decision === 'cancel') {
      return c.redirect(
        withParams(redirectUri, {
          error: 'user_cancelled_authorize',
          error_description: 'The user cancelled the authorization',
          state,
        }),
        303,
      );
    }
    const asked = scope.split(' ').filter(Boolean);
    const scopes = decision === 'allow' ? asked : asked.filter((each) => each !== 'email');
    return c.redirect(withParams(redirectUri, { code: sandbox.consent(personId, scopes, redirectUri), state }), 303);
  });

  routes.post('/oauth/v2/accessToken', async (c) => {
    const form = await readForm(c);
    const oauthError = (status: 400 | 401, error: string, description: string) =>
      c.json({ error, error_description: description }, status);
    if (!form) return oauthError(400, 'invalid_request', 'The body must be form-encoded.');
    if (form.client_id !== clientId || !sameSecret(form.client_secret ?? '', clientSecret)) {
      return oauthError(401, 'invalid_client', 'Client authentication failed.');
    }
    if (form.grant_type === 'authorization_code') {
      const issued = grants.takeCode(form.code, form.redirect_uri);
      if (!issued) {
        return oauthError(400, 'invalid_grant', 'The authorization code is invalid, expired or already used.');
      }
      return c.json(issueTokens(issued));
    }
    if (form.grant_type === 'refresh_token') {
      const grant = grants.refreshGrant(form.refresh_token);
      if (!grant) {
        return oauthError(400, 'invalid_grant', 'The refresh token is invalid or expired.');
      }
      return c.json(issueTokens(grant));
    }
    return oauthError(400, 'unsupported_grant_type', 'Only authorization_code and refresh_token are supported.');
  });

  function caller(c: Context): { person: SandboxLinkedInPerson; grant: Grant } | Response {
    // The versioned REST API (/rest/…) wants its month, as LinkedIn's does; OpenID's userinfo not.
    if (c.req.path.includes('/rest/') && !/^\d{6}(\.\d{2})?$/.test(c.req.header('linkedin-version') ?? '')) {
      return c.json(
        {
          status: 400,
          code: 'VERSION_MISSING',
          message: 'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
        },
        400,
      );
    }
    if (grants.takeRateLimited()) {
      return apiError(c, 429, 'TOO_MANY_REQUESTS', 'Resource level throttle limit reached.');
    }
    const access = grants.accessGrant(c.req.header('authorization')?.replace(/^Bearer /, ''));
    if (!access || access.expired) return apiError(c, 401, 'INVALID_ACCESS_TOKEN', 'Invalid access token');
    return { person: SANDBOX_LINKEDIN_PEOPLE.find((each) => each.id === access.grant.subject)!, grant: access.grant };
  }

  routes.get('/v2/userinfo', (c) => {
    const who = caller(c);
    if (who instanceof Response) return who;
    const { person, grant } = who;
    return c.json({
      sub: person.id,
      name: person.name,
      given_name: person.name.split(' ')[0],
      family_name: person.name.split(' ').slice(1).join(' '),
      ...(grant.scopes.includes('email') ? { email: person.email, email_verified: true } : {}),
    });
  });

  routes.get('/rest/organizationAcls', (c) => {
    const who = caller(c);
    if (who instanceof Response) return who;
    if (!who.grant.scopes.includes('r_organization_admin')) {
      return apiError(c, 403, 'ACCESS_DENIED', 'Not enough permissions to access: organizationAcls');
    }
    return c.json({
      elements: who.person.organizations.map((organization) => ({
        organization: `urn:li:organization:${organization.id}`,
        role: 'ADMINISTRATOR',
        state: 'APPROVED',
        roleAssignee: `urn:li:person:${who.person.id}`,
      })),
    });
  });

  // Each organization has one post, under which the sandbox's made-up people comment (the same
  // board the sandbox Facebook's pages use, keyed by the organization's id); LinkedIn's shapes:
  // first-level comments under the post, replies under their comment, members by URN only.
  const board = new SandboxCommentBoard(clock);
  const postOf = (organizationId: number) => `urn:li:share:7${organizationId}`;
  const commentUrn = (organizationId: number, id: string) => `urn:li:comment:(${postOf(organizationId)},${id})`;
  const actorOf = (organization: { id: number; name: string }, comment: SandboxComment) =>
    comment.from.name === organization.name
      ? `urn:li:organization:${organization.id}`
      : `urn:li:person:sandbox-${comment.from.name.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  const asLinkedIn = (organization: { id: number; name: string }, comment: SandboxComment, all: SandboxComment[]) => {
    const time = Date.parse(comment.created_time);
    const replies = all.filter((each) => each.parent?.id === comment.id).length;
    return {
      id: comment.id,
      commentUrn: commentUrn(organization.id, comment.id),
      actor: actorOf(organization, comment),
      object: postOf(organization.id),
      message: { text: comment.message, attributes: [] },
      created: { actor: actorOf(organization, comment), time },
      lastModified: { actor: actorOf(organization, comment), time },
      ...(comment.parent ? { parentComment: commentUrn(organization.id, comment.parent.id) } : {}),
      commentsSummary: { aggregatedTotalComments: replies, totalFirstLevelComments: replies },
    };
  };
  /** The organization the caller administers, from its URN; a Response when it is not theirs. */
  const feedOf = (c: Context, who: { person: SandboxLinkedInPerson; grant: Grant }, organizationUrn: string) => {
    if (!who.grant.scopes.includes('r_organization_social_feed')) {
      return apiError(c, 403, 'ACCESS_DENIED', 'Not enough permissions to access: posts');
    }
    const organization = who.person.organizations.find((each) => `urn:li:organization:${each.id}` === organizationUrn);
    return organization ?? apiError(c, 403, 'ACCESS_DENIED', 'Not enough permissions to access this organization');
  };
  const paged = <T>(c: Context, elements: T[]) => {
    const start = Math.max(0, Number(c.req.query('start') ?? 0) || 0);
    const count = Math.min(100, Math.max(1, Number(c.req.query('count') ?? 10) || 10));
    return {
      elements: elements.slice(start, start + count),
      paging: { start, count, total: elements.length, links: [] },
    };
  };

  routes.get('/rest/posts', (c) => {
    const who = caller(c);
    if (who instanceof Response) return who;
    if (c.req.query('q') !== 'author') return apiError(c, 404, 'NOT_FOUND', 'Unknown finder');
    const organization = feedOf(c, who, c.req.query('author') ?? '');
    if (organization instanceof Response) return organization;
    return c.json(
      paged(c, [
        {
          id: postOf(organization.id),
          author: `urn:li:organization:${organization.id}`,
          commentary: `News from ${organization.name}`,
          visibility: 'PUBLIC',
          lifecycleState: 'PUBLISHED',
          createdAt: clock() - 21 * 24 * 3600_000,
          lastModifiedAt: clock() - 21 * 24 * 3600_000,
        },
      ]),
    );
  });

  routes.get('/rest/socialActions/:target/comments', (c) => {
    const who = caller(c);
    if (who instanceof Response) return who;
    const target = c.req.param('target');
    const reply = /^urn:li:comment:\((urn:li:share:7(\d+)),(.+)\)$/.exec(target);
    const post = reply ? reply[1]! : target;
    const organization = who.person.organizations.find((each) => postOf(each.id) === post);
    if (!organization) return apiError(c, 404, 'NOT_FOUND', 'Not found');
    const allowed = feedOf(c, who, `urn:li:organization:${organization.id}`);
    if (allowed instanceof Response) return allowed;
    const all = board.list(String(organization.id));
    const under = all.filter((comment) => (reply ? comment.parent?.id === reply[3] : !comment.parent));
    // LinkedIn lists the newest first.
    const newestFirst = [...under].sort((a, b) => Date.parse(b.created_time) - Date.parse(a.created_time));
    return c.json(
      paged(
        c,
        newestFirst.map((comment) => asLinkedIn(organization, comment, all)),
      ),
    );
  });

  routes.get('/rest/organizations/:id', (c) => {
    const who = caller(c);
    if (who instanceof Response) return who;
    const organization = who.person.organizations.find((each) => String(each.id) === c.req.param('id'));
    if (!organization) return apiError(c, 404, 'NOT_FOUND', 'Organization not found');
    return c.json({ id: organization.id, localizedName: organization.name, vanityName: `org-${organization.id}` });
  });

  const sandbox = {
    routes,
    /** What the page's 'Allow' does: a code for `personId` with `scopes`, for `redirectUri`. */
    consent: (personId: string, scopes: string[], redirectUri: string) =>
      grants.issueCode(personId, scopes, redirectUri),
    rateLimit: (calls: number) => grants.rateLimit(calls),
    /** Every access token of `personId` stops working (refresh tokens keep working). */
    expireTokensOf: (personId: string) => grants.expire(personId),
    /** What the made-up people say under the organizations' posts; the sync reads it. */
    comments: board,
    /** A made-up person comments under organization `organizationId`'s post (or answers `parentId`). */
    say(organizationId: string, authorName: string, message: string, parentId?: string) {
      const known = SANDBOX_LINKEDIN_PEOPLE.some((person) =>
        person.organizations.some((organization) => String(organization.id) === organizationId),
      );
      return known ? board.say(organizationId, authorName, message, parentId) : undefined;
    },
  };
  return sandbox;
}
