import type { ChannelKind, Provider } from '../../contract/fields';
import type { Config } from '../config';
import { facebookAuthorizeUrl, facebookClient, FACEBOOK_SCOPES } from './providers/facebook';
import { linkedinAuthorizeUrl, linkedinClient, LINKEDIN_SCOPES } from './providers/linkedin';
import type { FetchLike } from './providers/provider-error';

/**
 * Each connectable provider behind one shape (decision 025), so the routes, the jobs and the
 * sign-in read the same for Facebook and LinkedIn. Built from the config: the real provider in a
 * deployment, the sandbox outside one; undefined when the provider has no app configured.
 */
export interface ConnectedPerson {
  externalId: string;
  name: string;
  email: string | undefined;
  accessToken: string;
  refreshToken: string | null;
  expiresIn: number | undefined;
  grantedScopes: string[];
}

export interface ProviderAdapter {
  provider: 'facebook' | 'linkedin';
  /** What the product asks the person to grant. */
  scopes: readonly string[];
  /** The kinds of channel an account of this provider brings, one background job each. */
  channelKinds: readonly ChannelKind[];
  authorizeUrl(options: { state: string; redirectUri: string; rerequest?: boolean }): string;
  /** Exchanges the code (once) and reads who granted what. */
  connect(code: string, redirectUri: string): Promise<ConnectedPerson>;
  /** The channels of `kind` the token's person manages now. */
  channels(kind: ChannelKind, accessToken: string): Promise<Array<{ externalId: string; name: string }>>;
  /**
   * The comments on a channel of a kind that has them, replies naming their parent's
   * `externalId`; absent where the product does not read comments.
   */
  comments?(
    kind: ChannelKind,
    accessToken: string,
    channelExternalId: string,
    options?: { since?: Date },
  ): Promise<ProviderComment[]>;
  /**
   * Has the provider deliver the channel's comments to the app's webhooks (Facebook pages), or
   * stop; absent where the provider has none (docs/decisions/044).
   */
  subscribe?(kind: ChannelKind, accessToken: string, channelExternalId: string): Promise<void>;
  unsubscribe?(kind: ChannelKind, accessToken: string, channelExternalId: string): Promise<void>;
  /** Hides a comment on the channel at the provider, or shows it again; absent where the provider cannot. */
  hide?(kind: ChannelKind, accessToken: string, commentExternalId: string, hidden: boolean): Promise<void>;
  /** Deletes a comment on the channel at the provider, for everyone; absent where the provider cannot. */
  remove?(kind: ChannelKind, accessToken: string, commentExternalId: string): Promise<void>;
  /** Posts the channel's reply under a comment: the reply's `externalId`. */
  reply?(kind: ChannelKind, accessToken: string, commentExternalId: string, message: string): Promise<string>;
  /** A new access token from a refresh token, where the provider has them (LinkedIn). */
  refresh?(refreshToken: string): Promise<{ accessToken: string; refreshToken: string | null; expiresIn: number }>;
}

export interface ProviderComment {
  externalId: string;
  parentExternalId: string | null;
  message: string;
  authorName: string;
  publishedAt: Date;
  fromChannel: boolean;
}

/** The kinds of channel whose comments the product reads. */
export const COMMENTED_KINDS: readonly ChannelKind[] = ['facebook-page', 'instagram-account', 'linkedin-organization'];
export { REPLIED_KINDS } from '../../contract/fields';
/**
 * The kinds whose comments are hidden (Graph's `is_hidden`, Instagram's `hide`) and deleted at the
 * provider, not only marked here, when the channel came with a connected account.
 */
export const ACTED_ON_AT_PROVIDER_KINDS: readonly ChannelKind[] = ['facebook-page', 'instagram-account'];

export type Adapters = Partial<Record<Provider, ProviderAdapter>>;

export function createAdapters(config: Config, fetchImpl: FetchLike): Adapters {
  const adapters: Adapters = {};
  if (config.facebook) {
    const app = { ...config.facebook, appSecret: config.facebookAppSecret };
    const client = facebookClient(app, fetchImpl);
    adapters.facebook = {
      provider: 'facebook',
      scopes: FACEBOOK_SCOPES,
      channelKinds: ['facebook-page', 'instagram-account', 'facebook-ad-account'],
      authorizeUrl: ({ state, redirectUri, rerequest }) => {
        const url = new URL(facebookAuthorizeUrl(app, { state, redirectUri }));
        // Facebook asks again for what was declined only when told to.
        if (rerequest) url.searchParams.set('auth_type', 'rerequest');
        return url.toString();
      },
      async connect(code, redirectUri) {
        const shortLived = await client.exchangeCode(code, redirectUri);
        const { accessToken, expiresIn } = await client.longLivedToken(shortLived.accessToken);
        const [person, grantedScopes] = await Promise.all([client.me(accessToken), client.grantedScopes(accessToken)]);
        return {
          externalId: person.id,
          name: person.name,
          email: person.email,
          accessToken,
          refreshToken: null,
          expiresIn,
          grantedScopes,
        };
      },
      async channels(kind, accessToken) {
        if (kind === 'facebook-ad-account') {
          return (await client.adAccounts(accessToken)).map((each) => ({ externalId: each.id, name: each.name }));
        }
        const pages = await client.pages(accessToken);
        if (kind === 'facebook-page') return pages.map((page) => ({ externalId: page.id, name: page.name }));
        return pages.flatMap((page) =>
          page.instagramAccount ? [{ externalId: page.instagramAccount.id, name: page.instagramAccount.name }] : [],
        );
      },
      async comments(kind, accessToken, channelExternalId, options = {}) {
        if (!COMMENTED_KINDS.includes(kind)) return [];
        return (await client.comments(channelExternalId, accessToken, options.since)).map((comment) => ({
          externalId: comment.id,
          parentExternalId: comment.parent?.id ?? null,
          message: comment.message ?? '',
          authorName: comment.from?.name ?? '',
          publishedAt: new Date(comment.created_time),
          fromChannel: comment.fromChannel ?? false,
        }));
      },
      reply: (_kind, accessToken, commentExternalId, message) => client.reply(commentExternalId, message, accessToken),
      hide: (kind, accessToken, commentExternalId, hidden) =>
        client.hide(commentExternalId, hidden, accessToken, kind === 'instagram-account'),
      remove: (_kind, accessToken, commentExternalId) => client.deleteComment(commentExternalId, accessToken),
      async subscribe(kind, accessToken, channelExternalId) {
        if (kind === 'facebook-page') await client.subscribeApp(channelExternalId, accessToken);
      },
      async unsubscribe(kind, accessToken, channelExternalId) {
        if (kind === 'facebook-page') await client.unsubscribeApp(channelExternalId, accessToken);
      },
    };
  }
  if (config.linkedin) {
    const app = config.linkedin;
    const client = linkedinClient(app, fetchImpl);
    adapters.linkedin = {
      provider: 'linkedin',
      scopes: LINKEDIN_SCOPES,
      channelKinds: ['linkedin-organization'],
      authorizeUrl: ({ state, redirectUri }) => linkedinAuthorizeUrl(app, { state, redirectUri }),
      async connect(code, redirectUri) {
        const tokens = await client.exchangeCode(code, redirectUri);
        const person = await client.me(tokens.accessToken);
        return {
          externalId: person.id,
          name: person.name,
          email: person.email,
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken ?? null,
          expiresIn: tokens.expiresIn,
          grantedScopes: tokens.scopes,
        };
      },
      async channels(_kind, accessToken) {
        return (await client.organizations(accessToken)).map((each) => ({ externalId: each.id, name: each.name }));
      },
      async comments(kind, accessToken, channelExternalId, options = {}) {
        if (kind !== 'linkedin-organization') return [];
        return (await client.organizationComments(channelExternalId, accessToken, options.since)).map((comment) => ({
          externalId: comment.urn,
          parentExternalId: comment.parentUrn,
          message: comment.text,
          authorName: comment.authorName,
          publishedAt: comment.createdAt,
          fromChannel: comment.fromOrganization,
        }));
      },
      async refresh(refreshToken) {
        const tokens = await client.refresh(refreshToken);
        return {
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken ?? null,
          expiresIn: tokens.expiresIn,
        };
      },
    };
  }
  return adapters;
}
