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

/** Who the person is (OpenID), and the organizations they administer. */
export const LINKEDIN_SCOPES = ['openid', 'profile', 'email', 'r_organization_admin'] as const;

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
  };
}

export type LinkedInClient = ReturnType<typeof linkedinClient>;
