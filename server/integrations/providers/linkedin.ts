import { z } from 'zod/mini';
import type { LinkedInConfig } from '../../config';
import { ProviderError, providerFetch, type FetchLike } from './provider-error';

/**
 * LinkedIn as the product uses it (decision 025): the OAuth 2 authorization-code flow
 * with OpenID Connect (who the person is) and the Community Management API (the organizations
 * they administer). The same code talks to www.linkedin.com / api.linkedin.com and to the
 * sandbox the API serves outside production; only the config's URLs differ.
 */

export type LinkedInApp = Pick<
  LinkedInConfig,
  'clientId' | 'clientSecret' | 'authUrl' | 'tokenUrl' | 'apiUrl' | 'version'
>;

/**
 * Who the person is (OpenID), the organizations they administer, and what is said under those
 * organizations' posts (the Community Management API's feed permission, as LinkedIn names it
 * from its 2025 versions on).
 */
export const LINKEDIN_SCOPES = [
  'openid',
  'profile',
  'email',
  'r_organization_admin',
  'r_organization_social_feed',
] as const;

export function linkedinAuthorizeUrl(
  app: LinkedInApp,
  { state, redirectUri, scopes = LINKEDIN_SCOPES }: { state: string; redirectUri: string; scopes?: readonly string[] },
): string {
  const url = new URL(`${app.authUrl}/oauth/v2/authorization`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: app.clientId,
    redirect_uri: redirectUri,
    state,
    scope: scopes.join(' '),
  }).toString();
  return url.toString();
}

const TokenSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  expires_in: z.number(),
  refresh_token: z.optional(z.string()),
  scope: z.optional(z.string()),
});
const UserInfoSchema = z.object({ sub: z.string(), name: z.string(), email: z.optional(z.string()) });
const AclsSchema = z.object({
  elements: z.array(z.object({ organization: z.string(), role: z.string(), state: z.string() })),
});
const OrganizationSchema = z.object({ id: z.number(), localizedName: z.string() });
const PagingSchema = z.object({ start: z.number(), count: z.number(), total: z.optional(z.number()) });
const PostsSchema = z.object({ elements: z.array(z.object({ id: z.string() })), paging: z.optional(PagingSchema) });
const CommentSchema = z.object({
  id: z.string(),
  commentUrn: z.optional(z.string()),
  actor: z.string(),
  /** The post (or, for a reply, the post too) the comment is under. */
  object: z.string(),
  message: z.optional(z.object({ text: z.string() })),
  created: z.object({ time: z.number() }),
  parentComment: z.optional(z.string()),
  commentsSummary: z.optional(z.object({ aggregatedTotalComments: z.optional(z.number()) })),
});
const CommentsSchema = z.object({ elements: z.array(CommentSchema), paging: z.optional(PagingSchema) });

/** A comment under one of an organization's posts, as the adapter keeps it. */
export interface LinkedInComment {
  urn: string;
  parentUrn: string | null;
  text: string;
  /** The organization's name when an organization wrote it; '' for a member (see `comments`). */
  authorName: string;
  createdAt: Date;
  /** Written by the organization the comments were read for. */
  fromOrganization: boolean;
}

/**
 * How much one read of an organization's comments looks at: its latest posts, and at most this
 * many pages of comments under each (LinkedIn's daily throttle counts every call).
 */
const POSTS_READ = 50;
const COMMENTS_PAGE = 100;
const PAGES_READ = 10;

/** A URN in a Rest.li 2.0 path: every reserved character escaped, parentheses and commas too. */
const pathKey = (urn: string) => encodeURIComponent(urn).replace(/\(/g, '%28').replace(/\)/g, '%29');
const ORGANIZATION_URN = /^urn:li:organization:(\d+)$/;

export type LinkedInTokens = { accessToken: string; expiresIn: number; refreshToken?: string; scopes: string[] };

/**
 * LinkedIn's error answers as our kinds: the token endpoint's RFC 6749 `error` (`invalid_grant`:
 * a code or refresh token that is invalid, expired or used), the API's `status` 401 (a token that
 * no longer works), 403 (a permission not granted) and 429 (the daily throttle).
 */
function linkedinError(status: number, body: unknown, exchanging: boolean): ProviderError {
  const answer = body as { error?: string; code?: string; serviceErrorCode?: number } | null;
  if (exchanging && (answer?.error === 'invalid_grant' || answer?.error === 'invalid_request')) {
    return new ProviderError('linkedin', 'refused', status, answer.error);
  }
  if (status === 401) return new ProviderError('linkedin', 'expired', status, answer?.code ?? answer?.error);
  if (status === 403) return new ProviderError('linkedin', 'revoked', status, answer?.code);
  if (status === 429) return new ProviderError('linkedin', 'rateLimited', status, answer?.code);
  return new ProviderError('linkedin', 'answer', status, answer?.code ?? answer?.error);
}

export function linkedinClient(app: LinkedInApp, fetchImpl: FetchLike = fetch) {
  const read = async <T>(url: string, init: RequestInit, schema: z.ZodMiniType<T>, exchanging = false): Promise<T> => {
    const { status, body } = await providerFetch('linkedin', fetchImpl, url, init);
    if (status < 200 || status >= 300) throw linkedinError(status, body, exchanging);
    const parsed = z.safeParse(schema, body);
    if (!parsed.success) throw new ProviderError('linkedin', 'answer', status);
    return parsed.data;
  };
  const token = async (fields: Record<string, string>): Promise<LinkedInTokens> => {
    const answer = await read(
      `${app.tokenUrl}/oauth/v2/accessToken`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...fields, client_id: app.clientId, client_secret: app.clientSecret }).toString(),
      },
      TokenSchema,
      true,
    );
    return {
      accessToken: answer.access_token,
      expiresIn: answer.expires_in,
      refreshToken: answer.refresh_token,
      scopes: (answer.scope ?? '').split(/[\s,]+/).filter(Boolean),
    };
  };
  const api = <T>(path: string, accessToken: string, schema: z.ZodMiniType<T>) =>
    read(
      `${app.apiUrl}${path}`,
      {
        method: 'GET',
        headers: {
          authorization: `Bearer ${accessToken}`,
          // LinkedIn versions its REST API by month; a sunset version is refused (426).
          'LinkedIn-Version': app.version,
          'X-Restli-Protocol-Version': '2.0.0',
        },
      },
      schema,
    );

  return {
    exchangeCode: (code: string, redirectUri: string) =>
      token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    /** A new access token from the refresh token (LinkedIn's programmatic refresh). */
    refresh: (refreshToken: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    /** Who the token belongs to (OpenID Connect's userinfo); `email` only with the email scope. */
    async me(accessToken: string) {
      const info = await api('/v2/userinfo', accessToken, UserInfoSchema);
      return { id: info.sub, name: info.name, email: info.email };
    },
    /** The organizations the person administers, with their names. */
    async organizations(accessToken: string) {
      const acls = await api(
        '/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED',
        accessToken,
        AclsSchema,
      );
      const ids = acls.elements.map((acl) => acl.organization.replace(/^urn:li:organization:/, ''));
      const organizations = [];
      for (const id of ids) {
        if (!/^\d+$/.test(id)) continue;
        const organization = await api(`/rest/organizations/${id}`, accessToken, OrganizationSchema);
        organizations.push({ id: String(organization.id), name: organization.localizedName });
      }
      return organizations;
    },
    /**
     * What is said under the organization's latest posts (made `since` then, when given), replies
     * naming their parent. LinkedIn answers a member's comment with their URN only, and its terms
     * let an app keep no profile of a member other than the one who signed in, so a member's
     * comment has no author name; an organization's has its name.
     */
    async organizationComments(organizationId: string, accessToken: string, since?: Date): Promise<LinkedInComment[]> {
      const organizationUrn = `urn:li:organization:${organizationId}`;
      const posts = await api(
        `/rest/posts?${new URLSearchParams({ author: organizationUrn, q: 'author', count: String(POSTS_READ), sortBy: 'LAST_MODIFIED' })}`,
        accessToken,
        PostsSchema,
      );
      const under = async (target: string) => {
        const found: Array<z.infer<typeof CommentSchema>> = [];
        for (let page = 0; page < PAGES_READ; page++) {
          const answer = await api(
            `/rest/socialActions/${pathKey(target)}/comments?start=${page * COMMENTS_PAGE}&count=${COMMENTS_PAGE}`,
            accessToken,
            CommentsSchema,
          );
          found.push(...answer.elements);
          const total = answer.paging?.total ?? 0;
          if (answer.elements.length < COMMENTS_PAGE || found.length >= total) break;
        }
        return found;
      };
      const read: Array<z.infer<typeof CommentSchema>> = [];
      for (const post of posts.elements) {
        const comments = await under(post.id);
        read.push(...comments);
        for (const comment of comments) {
          // LinkedIn lists a post's first-level comments; the replies are under each comment.
          if ((comment.commentsSummary?.aggregatedTotalComments ?? 0) === 0) continue;
          const urn = comment.commentUrn ?? `urn:li:comment:(${comment.object},${comment.id})`;
          read.push(...(await under(urn)).map((reply) => ({ ...reply, parentComment: reply.parentComment ?? urn })));
        }
      }
      const names = new Map<string, string>();
      const nameOf = async (actor: string) => {
        const id = ORGANIZATION_URN.exec(actor)?.[1];
        if (!id) return '';
        if (!names.has(id)) {
          try {
            names.set(id, (await api(`/rest/organizations/${id}`, accessToken, OrganizationSchema)).localizedName);
          } catch (error) {
            if (!(error instanceof ProviderError) || error.problem !== 'answer') throw error;
            names.set(id, '');
          }
        }
        return names.get(id)!;
      };
      const comments: LinkedInComment[] = [];
      for (const comment of read) {
        const createdAt = new Date(comment.created.time);
        if (since && createdAt < since) continue;
        comments.push({
          urn: comment.commentUrn ?? `urn:li:comment:(${comment.object},${comment.id})`,
          parentUrn: comment.parentComment ?? null,
          text: comment.message?.text ?? '',
          authorName: await nameOf(comment.actor),
          createdAt,
          fromOrganization: comment.actor === organizationUrn,
        });
      }
      return comments;
    },
  };
}

export type LinkedInClient = ReturnType<typeof linkedinClient>;
