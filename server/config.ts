import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { z } from 'zod/mini';
import { HUB_DEFAULTS } from './realtime/hub';
import { parseEncryptionKey } from './security/encryption';
import { sharedSecretProblems, weakKeyProblem, weakSecretProblem } from './security/secret-strength';

export type Config = {
  port: number;
  /**
   * The address the server listens on: in local mode the loopback address unless HOST says
   * otherwise (its demo accounts and /dev are for this machine only); in a deployment every
   * interface, behind its load balancer.
   */
  listenHost: string | undefined;
  /**
   * Local mode answers only requests addressed to one of its own names (this set, lower case),
   * so a web page cannot reach it through a name it controls (DNS rebinding). Undefined in a
   * deployment, whose proxy decides which names reach it.
   */
  ownHostNames: ReadonlySet<string> | undefined;
  nodeEnv: 'development' | 'test' | 'production';
  /**
   * A deployment for the public internet (`DEPLOYMENT=1`, docs/decisions/014): every setting
   * below that has a local default is required instead, no demo accounts, no dev endpoints.
   * Anything else is local mode, `npm start` included (NODE_ENV=production there only means
   * the production build).
   */
  deployment: boolean;
  /** Set when the API should use a real PostgreSQL instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  /** PGlite data directory; `memory://` keeps the database in memory. */
  dataDir: string;
  /** Origin of the web app, without a trailing slash; reset-mail links point here. */
  appUrl: string;
  jwtSecret: Uint8Array;
  /** True when JWT_SECRET was missing and a random per-process secret was made up. */
  jwtSecretGenerated: boolean;
  /**
   * The Meta app's secret: Meta signs each data-deletion callback's `signed_request` with it
   * (server/facebook-deletion/signed-request.ts).
   */
  facebookAppSecret: string;
  /** True when FACEBOOK_APP_SECRET was missing and a random per-process secret was made up. */
  facebookAppSecretGenerated: boolean;
  /**
   * What Meta sends back when the webhook's callback URL is saved (server/webhooks); unset, no
   * verification succeeds. Deliveries are checked with the app secret, not with this.
   */
  facebookWebhookVerifyToken: string | undefined;
  /**
   * The 32-byte AES key of the tokens kept in the database (server/security/encryption.ts):
   * Mautic's, and the social networks' after it. Changing it makes them unreadable (each has to
   * be obtained again).
   */
  tokenEncryptionKey: Uint8Array;
  /** True when TOKEN_ENCRYPTION_KEY was missing and a random per-process key was made up. */
  tokenEncryptionKeyGenerated: boolean;
  /**
   * The Mautic whose API this installation is authorised for (docs/product.md#mautic), or
   * undefined when none is configured (the page says so). Local mode defaults to the sandbox the
   * API serves itself under /dev/mautic (server/mautic/sandbox.ts).
   */
  mautic: MauticConfig | undefined;
  /**
   * The Meta app users connect Facebook accounts through and sign in with (decision 025), or
   * undefined when none is configured (the integrations screen says so). Local mode defaults to
   * the sandbox the API serves itself under /sandbox/facebook (server/integrations/sandbox).
   */
  facebook: FacebookConfig | undefined;
  /** The LinkedIn app users connect LinkedIn accounts through; local mode's default is the sandbox. */
  linkedin: LinkedInConfig | undefined;
  /** The TikTok app projects import TikTok users through; local mode's default is the sandbox. */
  tiktok: TikTokConfig | undefined;
  /**
   * The Pusher-protocol service real-time events go through (decisions 026, 029): the server
   * embedded in this API (the default; it may serve other instances too) or Pusher, Soketi or
   * Laravel Reverb.
   */
  realtime: RealtimeConfig;
  /**
   * Local mode without JWT_SECRET, FACEBOOK_APP_SECRET or TOKEN_ENCRYPTION_KEY: the file that keeps the generated
   * secrets across restarts (`secrets.json` beside the PGlite directory; server/secrets.ts).
   * Unset in a deployment, when all are given, and for an in-memory database (tests).
   */
  secretsFile: string | undefined;
  /** `smtp://` or `smtps://user:pass@host:port`: mail goes out through it when set. */
  smtpUrl: string | undefined;
  /** The From of every mail: `address` or `Name <address>`. */
  mailFrom: string;
  accessTokenTtlSeconds: number;
  /** How long an admin's impersonation of a user (login as user) lasts at most; never refreshed. */
  impersonationTtlSeconds: number;
  /** A session (refresh family) ends after this long unused, and after the absolute lifetime at the latest. */
  sessionIdleTtlSeconds: number;
  sessionAbsoluteTtlSeconds: number;
  devEndpoints: boolean;
  /**
   * How long the sandbox TikTok takes to answer each page of videos (local mode), as the real one
   * takes its time: an import's progress can be seen. 0 in the API tests.
   */
  sandboxLatencyMs: number;
  /**
   * How often the scheduled sync reads every followed channel's new comments, in minutes (the
   * webhooks' safety net, docs/decisions/044); 0 turns it off.
   */
  commentSyncMinutes: number;
  /**
   * One confidence (0 to 1) for every language at or above which the classifier's proposal
   * becomes a comment's sentiment, in place of the model's own thresholds, each chosen where its
   * labels were at least 90 % right (docs/decisions/058); unset, the model's.
   */
  sentimentThreshold: number | undefined;
  /** The share (0 to 1) of labels applied without a person that go to the review too, to measure them. */
  sentimentSampleShare: number;
  /** How often the sentiment model is trained again on the reviews, in hours (decision 049); 0: never by itself. */
  sentimentRetrainHours: number;
  trustProxy: boolean;
  staticDir: string;
  /** Local mode: that many extra users seeded for the users search's scale figure (0: none). */
  seedScaleUsers: number;
  /** Local mode: that many more comments in review, for the sentiment review's scale figures. */
  seedScaleComments: number;
  /**
   * Local mode: a "Scale test project" of the demo user's with that many comments (the bench's
   * scale figures).
   */
  seedProjectComments: number;
  /** The refresh cookie is `Secure` only when the app is served over https. */
  secureCookies: boolean;
};

/** A Mautic's address and this installation's API credentials there (Settings › API Credentials). */
export type MauticConfig = {
  /** Without a trailing slash: `${baseUrl}/oauth/v2/authorize` and `/oauth/v2/token` follow. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The local sandbox (no MAUTIC_BASE_URL given outside a deployment), not a real Mautic. */
  sandbox: boolean;
};

/** A Meta app: its id and secret, and where its login dialog and Graph API are. */
export type FacebookConfig = {
  appId: string;
  /*
   * No secret here: the app's secret is `Config.facebookAppSecret`, the one place it lives (local
   * mode replaces it with the kept one after the config is read; a copy here would not follow).
   */
  /** `https://www.facebook.com`, or the sandbox: the browser opens `${dialogUrl}/${version}/dialog/oauth`. */
  dialogUrl: string;
  /** `https://graph.facebook.com`, or the sandbox: the API calls it. */
  graphUrl: string;
  /** The Graph API version every call names. */
  version: string;
  sandbox: boolean;
};

/** A LinkedIn app (Sign In with LinkedIn using OpenID Connect, and the Community Management API). */
export type LinkedInConfig = {
  clientId: string;
  clientSecret: string;
  /** `https://www.linkedin.com`, or the sandbox: the browser opens `${authUrl}/oauth/v2/authorization`. */
  authUrl: string;
  /** The same host, where the API exchanges codes (`/oauth/v2/accessToken`); the sandbox's at the API's address. */
  tokenUrl: string;
  /** `https://api.linkedin.com`, or the sandbox. */
  apiUrl: string;
  /** The `LinkedIn-Version` every versioned call names (LINKEDIN_API_VERSION). */
  version: string;
  sandbox: boolean;
};

/** A TikTok app (Login Kit and the Display API). */
export type TikTokConfig = {
  clientKey: string;
  clientSecret: string;
  /** `https://www.tiktok.com`, or the sandbox: the browser opens `${authUrl}/v2/auth/authorize/`. */
  authUrl: string;
  /** `https://open.tiktokapis.com`, or the sandbox: tokens and the API. */
  apiUrl: string;
  sandbox: boolean;
};

/** A Pusher Channels app: its credentials and, for an outside service, where it is. */
export type RealtimeConfig = {
  appId: string;
  key: string;
  secret: string;
  /** The service's host (an embedded server's public name when it serves other instances), else undefined: this API's own address. */
  host: string | undefined;
  port: number | undefined;
  /**
   * Where browsers open the socket: the same host for Soketi or Reverb, `ws-{cluster}.pusher.com`
   * at Pusher (whose HTTP API is `api-{cluster}`); undefined when embedded (the API's own address).
   */
  socketHost: string | undefined;
  useTLS: boolean;
  cluster: string;
  /** This instance serves the protocol (`/app/{key}` and the events API): PUSHER_EMBEDDED. */
  embedded: boolean;
  /** The embedded server's bounds (decision 029): open sockets in all, and from one client address. */
  maxConnections: number;
  maxConnectionsPerAddress: number;
};

/** The sandbox providers' app ids: public values for local use; a deployment never has the sandbox. */
export const SANDBOX_FACEBOOK_APP_ID = '1000000000000001';
export const SANDBOX_TIKTOK_CLIENT = {
  clientKey: 'orbitasandbox',
  clientSecret: 'orbita-sandbox-tiktok-secret',
} as const;
export const SANDBOX_LINKEDIN_CLIENT = {
  clientId: 'orbita-sandbox',
  clientSecret: 'orbita-sandbox-linkedin-secret',
} as const;
/** Where the API serves the sandbox providers (outside a deployment only). */
export const SANDBOX_PATH = '/sandbox';
/**
 * The Graph API version every call names. Graph's v26.0 has no end date yet (v25.0's is 29 July
 * 2028); the ad accounts are read through the Marketing API, whose versions last about a year
 * (v25.0's ends 23 February 2027): Meta's changelogs say when to move.
 */
export const FACEBOOK_GRAPH_VERSION = 'v26.0';
/**
 * The `LinkedIn-Version` every versioned call names. LinkedIn supports each monthly version for
 * at least a year and answers 426 to one it has sunset: 202603 is supported until 16 March 2027.
 * A deployment moves on with LINKEDIN_API_VERSION, without a release.
 */
export const LINKEDIN_API_VERSION = '202603';
/**
 * One label applied without a person in twenty is shown to a reviewer too (docs/decisions/058):
 * enough for the agreement figure to mean something within weeks, little enough not to be noticed.
 */
export const DEFAULT_SENTIMENT_SAMPLE_SHARE = 0.05;

/**
 * The sandbox Mautic's own client (server/mautic/sandbox.ts): public values, for local use only;
 * a deployment never has the sandbox.
 */
export const SANDBOX_MAUTIC_CLIENT = { clientId: 'orbita-sandbox', clientSecret: 'orbita-sandbox-secret' } as const;

/** Where the API serves the sandbox Mautic, under the dev endpoints. */
export const SANDBOX_MAUTIC_PATH = '/dev/mautic';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.core.SomeType>(schema: T) => z.pipe(z.transform(emptyAsUndefined), z.optional(schema));
const port = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(65535));
const flag = z.pipe(
  z.enum(['0', '1', 'true', 'false']),
  z.transform((v) => v === '1' || v === 'true'),
);
const address = String.raw`[^\s@<>"]+@[^\s@<>"]+`;
const MAIL_FROM = new RegExp(String.raw`^(?:[^<>\r\n"]*<${address}>|${address})$`);

const EnvSchema = z.object({
  PORT: optional(port),
  API_PORT: optional(port),
  HOST: optional(
    z.string().check(z.regex(/^(?:[\w.-]{1,253}|\[?[0-9A-Fa-f:.]{2,45}\]?)$/, 'must be a host name or an IP address')),
  ),
  NODE_ENV: optional(z.enum(['development', 'test', 'production'])),
  DEPLOYMENT: optional(flag),
  DATABASE_URL: optional(
    z.pipe(z.string().check(z.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')), z.url()),
  ),
  DATA_DIR: optional(z.string()),
  APP_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  JWT_SECRET: optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  // Meta's app secrets are 32 hexadecimal characters.
  FACEBOOK_APP_SECRET: optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  FACEBOOK_WEBHOOK_VERIFY_TOKEN: optional(
    z.string().check(z.regex(/^[\x21-\x7e]{16,200}$/, 'must be 16 to 200 printable characters, no spaces')),
  ),
  TOKEN_ENCRYPTION_KEY: optional(
    z
      .string()
      .check(
        z.refine(
          (value) => parseEncryptionKey(value) !== undefined,
          'must be 32 bytes, as 64 hexadecimal characters or base64 (`openssl rand -base64 32`)',
        ),
      ),
  ),
  MAUTIC_BASE_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  // Meta app ids are digits.
  FACEBOOK_APP_ID: optional(z.string().check(z.regex(/^\d{1,32}$/, 'must be the Meta app id (digits)'))),
  FACEBOOK_GRAPH_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  FACEBOOK_DIALOG_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  FACEBOOK_GRAPH_VERSION: optional(
    z.string().check(z.regex(/^v\d{1,3}\.\d{1,3}$/, 'must be a Graph API version, e.g. v26.0')),
  ),
  LINKEDIN_CLIENT_ID: optional(z.string().check(z.maxLength(500, 'must be at most 500 characters'))),
  LINKEDIN_CLIENT_SECRET: optional(z.string().check(z.maxLength(500, 'must be at most 500 characters'))),
  LINKEDIN_AUTH_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  LINKEDIN_API_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  LINKEDIN_API_VERSION: optional(
    z.string().check(z.regex(/^\d{6}(\.\d{2})?$/, 'must be a LinkedIn API version (YYYYMM), e.g. 202603')),
  ),
  TIKTOK_CLIENT_KEY: optional(z.string().check(z.maxLength(500, 'must be at most 500 characters'))),
  PUSHER_APP_ID: optional(z.string().check(z.regex(/^[\w-]{1,100}$/, 'must be letters, digits, - or _'))),
  PUSHER_APP_KEY: optional(z.string().check(z.regex(/^[\w-]{1,100}$/, 'must be letters, digits, - or _'))),
  PUSHER_APP_SECRET: optional(z.string().check(z.minLength(16, 'must be at least 16 characters'), z.maxLength(200))),
  PUSHER_HOST: optional(z.string().check(z.regex(/^[\w.-]{1,253}$/, 'must be a host name'))),
  PUSHER_PORT: optional(port),
  PUSHER_SCHEME: optional(z.enum(['http', 'https'])),
  PUSHER_APP_CLUSTER: optional(z.string().check(z.regex(/^[\w-]{1,50}$/, 'must be a cluster name'))),
  PUSHER_EMBEDDED: optional(flag),
  PUSHER_MAX_CONNECTIONS: optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000_000))),
  PUSHER_MAX_PER_ADDRESS: optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000_000))),
  TIKTOK_CLIENT_SECRET: optional(z.string().check(z.maxLength(500, 'must be at most 500 characters'))),
  MAUTIC_CLIENT_ID: optional(z.string().check(z.maxLength(500, 'must be at most 500 characters'))),
  MAUTIC_CLIENT_SECRET: optional(z.string().check(z.maxLength(500, 'must be at most 500 characters'))),
  ACCESS_TOKEN_TTL: optional(z.coerce.number().check(z.int(), z.minimum(30), z.maximum(86_400))),
  // Seconds: from one minute to an hour; support work is meant to be short.
  IMPERSONATION_TTL: optional(z.coerce.number().check(z.int(), z.minimum(60), z.maximum(3_600))),
  // Seconds: from five minutes to a year.
  SESSION_IDLE_TTL: optional(z.coerce.number().check(z.int(), z.minimum(300), z.maximum(31_536_000))),
  SESSION_ABSOLUTE_TTL: optional(z.coerce.number().check(z.int(), z.minimum(300), z.maximum(31_536_000))),
  DEV_ENDPOINTS: optional(flag),
  TRUST_PROXY: optional(flag),
  STATIC_DIR: optional(z.string()),
  SEED_SCALE_USERS: optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1_000_000))),
  SEED_SCALE_COMMENTS: optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1_000_000))),
  SEED_PROJECT_COMMENTS: optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1_000_000))),
  SANDBOX_LATENCY_MS: optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(10_000))),
  COMMENT_SYNC_MINUTES: optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1440))),
  SENTIMENT_THRESHOLD: optional(z.coerce.number().check(z.minimum(0), z.maximum(1))),
  SENTIMENT_SAMPLE_SHARE: optional(z.coerce.number().check(z.minimum(0), z.maximum(1))),
  SENTIMENT_RETRAIN_HOURS: optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(24 * 30))),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  MAIL_FROM: optional(z.string().check(z.regex(MAIL_FROM, 'must be an address or Name <address>'))),
  // Set by npm to the script's name; `dev` means the API sits behind the Vite dev server.
  npm_lifecycle_event: optional(z.string()),
});

type Env = z.output<typeof EnvSchema>;

/** `localhost`, `*.localhost`, 127.x and ::1: addresses that only this machine reaches. */
function isLoopback(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === '' || host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';
}

/**
 * The names local mode answers to: this machine's loopback names, APP_URL's host and HOST when it
 * names one address (a person who opens local mode to the network says so with both).
 */
function ownHostNames(appUrl: string, host: string | undefined): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '[::1]', new URL(appUrl).hostname.toLowerCase()]);
  if (host !== undefined && host !== '0.0.0.0' && host !== '::' && host !== '[::]') {
    names.add(/^[0-9A-Fa-f:]+$/.test(host) && host.includes(':') ? `[${host.toLowerCase()}]` : host.toLowerCase());
  }
  return names;
}

/** Whether a request's host name (as URL parsing gives it: lower case, IPv6 in brackets) is one of ours. */
export function isOwnHostName(names: ReadonlySet<string>, hostname: string): boolean {
  return names.has(hostname) || hostname.endsWith('.localhost');
}

/** A deployment's settings that have no safe default: each one missing is named. */
function deploymentProblems(e: Env, alreadyBad: Set<string>): string[] {
  const problems: string[] = [];
  const required = (name: keyof Env, what: string) => {
    if (e[name] === undefined && !alreadyBad.has(name)) problems.push(`${name}: required in a deployment (${what})`);
  };
  required('JWT_SECRET', 'at least 32 random characters, e.g. `openssl rand -base64 48`');
  required(
    'FACEBOOK_APP_SECRET',
    "the Meta app's secret (App settings › Basic): it verifies Meta's data-deletion callbacks",
  );
  required(
    'TOKEN_ENCRYPTION_KEY',
    '32 random bytes, e.g. `openssl rand -base64 32`: it encrypts the tokens kept in the database',
  );
  required('APP_URL', 'the https:// address people open');
  if (e.APP_URL !== undefined && !e.APP_URL.startsWith('https://')) {
    problems.push('APP_URL: must be an https:// URL in a deployment');
  }
  required('DATABASE_URL', 'postgres://…; the embedded PGlite is for one machine');
  required('SMTP_URL', 'smtps://user:pass@host:465 or smtp://user:pass@host:587; mail is how people reset passwords');
  required('MAIL_FROM', 'the sender address, e.g. `Orbita <no-reply@example.com>`');
  if (e.MAUTIC_BASE_URL !== undefined && !e.MAUTIC_BASE_URL.startsWith('https://')) {
    problems.push('MAUTIC_BASE_URL: must be an https:// URL in a deployment (the client secret and tokens cross it)');
  }
  if (e.MAUTIC_BASE_URL === undefined && (e.MAUTIC_CLIENT_ID !== undefined || e.MAUTIC_CLIENT_SECRET !== undefined)) {
    problems.push(
      'MAUTIC_BASE_URL: required with MAUTIC_CLIENT_ID and MAUTIC_CLIENT_SECRET (the Mautic they belong to)',
    );
  }
  for (const name of ['FACEBOOK_GRAPH_URL', 'FACEBOOK_DIALOG_URL', 'LINKEDIN_AUTH_URL', 'LINKEDIN_API_URL'] as const) {
    const value = e[name];
    if (value !== undefined && !value.startsWith('https://')) {
      problems.push(`${name}: must be an https:// URL in a deployment (codes and tokens cross it)`);
    }
  }
  if (e.DEV_ENDPOINTS === true) problems.push('DEV_ENDPOINTS: the dev endpoints are never mounted in a deployment');
  problems.push(...guessableSecretProblems(e));
  if (e.NODE_ENV !== undefined && e.NODE_ENV !== 'production') {
    problems.push(`NODE_ENV: must be production (or unset) in a deployment, not ${e.NODE_ENV}`);
  }
  return problems;
}

/** The secrets this installation keeps, by setting: each must be random and its own. */
const SECRET_SETTINGS = [
  'JWT_SECRET',
  'FACEBOOK_APP_SECRET',
  'TOKEN_ENCRYPTION_KEY',
  'PUSHER_APP_SECRET',
  'MAUTIC_CLIENT_SECRET',
  'LINKEDIN_CLIENT_SECRET',
  'TIKTOK_CLIENT_SECRET',
] as const;

/**
 * A deployment's secrets that cannot be secret whatever their length (server/security/secret-strength.ts):
 * a repeated character or pattern, a short alphabet, a placeholder, a value two settings share.
 */
function guessableSecretProblems(e: Env): string[] {
  const problems: string[] = [];
  for (const name of SECRET_SETTINGS) {
    const value = e[name];
    if (value === undefined) continue;
    const key = name === 'TOKEN_ENCRYPTION_KEY' ? parseEncryptionKey(value) : undefined;
    const problem = (key && weakKeyProblem(key)) ?? weakSecretProblem(value);
    if (problem) problems.push(`${name}: ${problem}; use a random value (e.g. \`openssl rand -base64 32\`)`);
  }
  problems.push(...sharedSecretProblems(Object.fromEntries(SECRET_SETTINGS.map((name) => [name, e[name]]))));
  return problems;
}

/**
 * Local mode on a machine others reach is what DEPLOYMENT=1 exists to prevent (demo accounts,
 * /dev making admins): settings that point away from this machine must say which mode they mean.
 */
function undeclaredDeployment(e: Env): string[] {
  if (e.DEPLOYMENT !== undefined || e.NODE_ENV === 'test') return [];
  const remote = (['APP_URL', 'DATABASE_URL'] as const).filter((name) => {
    const value = e[name];
    return value !== undefined && !isLoopback(value);
  });
  if (remote.length === 0) return [];
  return [
    `DEPLOYMENT: ${remote.join(' and ')} point${remote.length === 1 ? 's' : ''} away from this machine; set ` +
      'DEPLOYMENT=1 for a deployment (docs/deploy.md), or DEPLOYMENT=0 to run in local mode (demo accounts, /dev) anyway',
  ];
}

/**
 * MAUTIC_BASE_URL and its credentials when given; else, where the dev endpoints are mounted,
 * the sandbox at this API's own address (what the browser opens and the API calls alike).
 */
function mauticConfig(e: Env, appUrl: string, devEndpoints: boolean): MauticConfig | undefined {
  if (e.MAUTIC_BASE_URL !== undefined) {
    return {
      baseUrl: e.MAUTIC_BASE_URL.replace(/\/+$/, ''),
      clientId: e.MAUTIC_CLIENT_ID ?? '',
      clientSecret: e.MAUTIC_CLIENT_SECRET ?? '',
      sandbox: false,
    };
  }
  if (!devEndpoints) return undefined;
  return {
    baseUrl: `${appUrl}${SANDBOX_MAUTIC_PATH}`,
    clientId: e.MAUTIC_CLIENT_ID ?? SANDBOX_MAUTIC_CLIENT.clientId,
    clientSecret: e.MAUTIC_CLIENT_SECRET ?? SANDBOX_MAUTIC_CLIENT.clientSecret,
    sandbox: true,
  };
}

const noSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * FACEBOOK_APP_ID (with the secret the data-deletion callbacks already need) when given, talking
 * to Facebook; else, where the dev endpoints are mounted, the sandbox: the browser opens it at
 * the app's address, the API calls it at its own.
 */
function facebookConfig(e: Env, appUrl: string, apiUrl: string, devEndpoints: boolean) {
  const version = e.FACEBOOK_GRAPH_VERSION ?? FACEBOOK_GRAPH_VERSION;
  if (e.FACEBOOK_APP_ID !== undefined) {
    return {
      appId: e.FACEBOOK_APP_ID,
      dialogUrl: noSlash(e.FACEBOOK_DIALOG_URL ?? 'https://www.facebook.com'),
      graphUrl: noSlash(e.FACEBOOK_GRAPH_URL ?? 'https://graph.facebook.com'),
      version,
      sandbox: false,
    } satisfies FacebookConfig;
  }
  if (!devEndpoints) return undefined;
  return {
    appId: SANDBOX_FACEBOOK_APP_ID,
    dialogUrl: `${appUrl}${SANDBOX_PATH}/facebook`,
    graphUrl: `${apiUrl}${SANDBOX_PATH}/facebook`,
    version,
    sandbox: true,
  } satisfies FacebookConfig;
}

/** LINKEDIN_CLIENT_ID and its secret when given; else, outside a deployment, the sandbox. */
function linkedinConfig(e: Env, appUrl: string, apiUrl: string, devEndpoints: boolean) {
  if (e.LINKEDIN_CLIENT_ID !== undefined) {
    const authUrl = noSlash(e.LINKEDIN_AUTH_URL ?? 'https://www.linkedin.com');
    return {
      clientId: e.LINKEDIN_CLIENT_ID,
      clientSecret: e.LINKEDIN_CLIENT_SECRET ?? '',
      authUrl,
      tokenUrl: authUrl,
      apiUrl: noSlash(e.LINKEDIN_API_URL ?? 'https://api.linkedin.com'),
      version: e.LINKEDIN_API_VERSION ?? LINKEDIN_API_VERSION,
      sandbox: false,
    } satisfies LinkedInConfig;
  }
  if (!devEndpoints) return undefined;
  return {
    ...SANDBOX_LINKEDIN_CLIENT,
    authUrl: `${appUrl}${SANDBOX_PATH}/linkedin`,
    tokenUrl: `${apiUrl}${SANDBOX_PATH}/linkedin`,
    apiUrl: `${apiUrl}${SANDBOX_PATH}/linkedin`,
    version: e.LINKEDIN_API_VERSION ?? LINKEDIN_API_VERSION,
    sandbox: true,
  } satisfies LinkedInConfig;
}

/** TIKTOK_CLIENT_KEY and its secret when given; else, outside a deployment, the sandbox. */
function tiktokConfig(e: Env, appUrl: string, apiUrl: string, devEndpoints: boolean) {
  if (e.TIKTOK_CLIENT_KEY !== undefined) {
    return {
      clientKey: e.TIKTOK_CLIENT_KEY,
      clientSecret: e.TIKTOK_CLIENT_SECRET ?? '',
      authUrl: 'https://www.tiktok.com',
      apiUrl: 'https://open.tiktokapis.com',
      sandbox: false,
    } satisfies TikTokConfig;
  }
  if (!devEndpoints) return undefined;
  return {
    ...SANDBOX_TIKTOK_CLIENT,
    authUrl: `${appUrl}${SANDBOX_PATH}/tiktok`,
    apiUrl: `${apiUrl}${SANDBOX_PATH}/tiktok`,
    sandbox: true,
  } satisfies TikTokConfig;
}

/** The socket's origin for the page's CSP when it is not this API's own (an outside service, or the instance serving it). */
export function realtimeSocketOrigin(realtime: RealtimeConfig): string | undefined {
  if (!realtime.socketHost) return undefined;
  const port = realtime.port && realtime.socketHost === realtime.host ? `:${realtime.port}` : '';
  return `${realtime.useTLS ? 'wss' : 'ws'}://${realtime.socketHost}${port}`;
}

/** Whether this instance serves the Pusher protocol: said by PUSHER_EMBEDDED, else unless a service is named. */
const servesRealtime = (e: Env) =>
  e.PUSHER_EMBEDDED ?? (e.PUSHER_HOST === undefined && e.PUSHER_APP_CLUSTER === undefined);

/**
 * The same PUSHER_* settings as for any Pusher-protocol service: the app's id, key and secret,
 * and where it is (PUSHER_HOST for Soketi, Reverb or the instance serving the embedded server;
 * PUSHER_APP_CLUSTER for Pusher). Without any, this instance serves it at its own address, with
 * a secret of its own per process unless PUSHER_APP_SECRET gives one (another process may then
 * publish to it: the bench does).
 */
function realtimeConfig(e: Env): RealtimeConfig {
  const embedded = servesRealtime(e);
  const cluster = e.PUSHER_APP_CLUSTER ?? 'mt1';
  const useTLS = (e.PUSHER_SCHEME ?? 'https') === 'https';
  const bounds = {
    maxConnections: e.PUSHER_MAX_CONNECTIONS ?? HUB_DEFAULTS.maxConnections,
    maxConnectionsPerAddress: e.PUSHER_MAX_PER_ADDRESS ?? HUB_DEFAULTS.maxConnectionsPerAddress,
  };
  if (!embedded) {
    return {
      appId: e.PUSHER_APP_ID ?? '',
      key: e.PUSHER_APP_KEY ?? '',
      secret: e.PUSHER_APP_SECRET ?? '',
      host: e.PUSHER_HOST ?? `api-${cluster}.pusher.com`,
      port: e.PUSHER_PORT,
      socketHost: e.PUSHER_HOST ?? `ws-${cluster}.pusher.com`,
      useTLS,
      cluster,
      embedded,
      ...bounds,
    };
  }
  return {
    appId: e.PUSHER_APP_ID ?? 'orbita',
    key: e.PUSHER_APP_KEY ?? 'orbita-key',
    secret: e.PUSHER_APP_SECRET ?? randomBytes(32).toString('hex'),
    // Serving other instances too: browsers (and the other instances) reach it at PUSHER_HOST.
    host: e.PUSHER_HOST,
    port: e.PUSHER_HOST === undefined ? undefined : e.PUSHER_PORT,
    socketHost: e.PUSHER_HOST,
    useTLS: e.PUSHER_HOST === undefined ? false : useTLS,
    cluster,
    embedded,
    ...bounds,
  };
}

/** What the PUSHER_* settings cannot mean together. */
function realtimeProblems(e: Env, bad: Set<string>): string[] {
  const problems: string[] = [];
  const embedded = servesRealtime(e);
  const missing = (name: keyof Env) => e[name] === undefined && !bad.has(name);
  // A service named (outside, or an embedded server other instances publish to), or a key of one,
  // comes with the app's credentials: no default could match the other side's.
  const needing = (['PUSHER_HOST', 'PUSHER_APP_CLUSTER', 'PUSHER_APP_KEY'] as const).find(
    (name) => e[name] !== undefined,
  );
  if (needing !== undefined) {
    for (const name of ['PUSHER_APP_ID', 'PUSHER_APP_KEY', 'PUSHER_APP_SECRET'] as const) {
      if (missing(name))
        problems.push(`${name}: required with ${needing} (the app's credentials, the same everywhere)`);
    }
  }
  if (e.PUSHER_EMBEDDED === false && e.PUSHER_HOST === undefined && e.PUSHER_APP_CLUSTER === undefined) {
    problems.push(
      'PUSHER_EMBEDDED: 0 needs the service named, by PUSHER_HOST (Soketi, Reverb, the instance serving it) or PUSHER_APP_CLUSTER (Pusher)',
    );
  }
  if (embedded && e.PUSHER_APP_CLUSTER !== undefined && e.PUSHER_HOST === undefined) {
    problems.push(
      "PUSHER_APP_CLUSTER: names Pusher's hosted service, while PUSHER_EMBEDDED=1 serves the protocol here; set one of them",
    );
  }
  if (!embedded) {
    for (const name of ['PUSHER_MAX_CONNECTIONS', 'PUSHER_MAX_PER_ADDRESS'] as const) {
      if (e[name] !== undefined)
        problems.push(`${name}: bounds the embedded server only; set it at the service itself`);
    }
  }
  return problems;
}

/**
 * Reads the environment once. Throws a ConfigError listing every problem, so a misconfigured
 * deployment fails at start with the whole list rather than one at a time. The server's own
 * start (server/main.ts) also refuses local mode whose settings point at other machines
 * (`refuseUndeclaredDeployment`); tests build whatever configuration they need.
 */
const DAY_SECONDS = 24 * 60 * 60;

export function parseConfig(
  env: Record<string, string | undefined>,
  options: { refuseUndeclaredDeployment?: boolean } = {},
): Config {
  const parsed = EnvSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  // The valid variables, so a deployment hears about missing settings beside malformed ones.
  const bad = new Set(parsed.success ? [] : parsed.error.issues.map((issue) => String(issue.path[0])));
  const e: Env = parsed.success
    ? parsed.data
    : EnvSchema.parse(Object.fromEntries(Object.entries(env).filter(([name]) => !bad.has(name))));
  const deployment = e.DEPLOYMENT === true;
  if (deployment) problems.push(...deploymentProblems(e, bad));
  else if (options.refuseUndeclaredDeployment) problems.push(...undeclaredDeployment(e));
  const sessionIdle = e.SESSION_IDLE_TTL ?? 7 * DAY_SECONDS;
  const sessionAbsolute = e.SESSION_ABSOLUTE_TTL ?? 30 * DAY_SECONDS;
  // A real Mautic needs this installation's credentials there; the sandbox has its own.
  if (e.MAUTIC_BASE_URL !== undefined) {
    for (const name of ['MAUTIC_CLIENT_ID', 'MAUTIC_CLIENT_SECRET'] as const) {
      if (e[name] === undefined && !bad.has(name)) {
        problems.push(`${name}: required with MAUTIC_BASE_URL (Mautic › Settings › API Credentials, OAuth 2)`);
      }
    }
  }
  if (
    e.LINKEDIN_CLIENT_ID !== undefined &&
    e.LINKEDIN_CLIENT_SECRET === undefined &&
    !bad.has('LINKEDIN_CLIENT_SECRET')
  ) {
    problems.push('LINKEDIN_CLIENT_SECRET: required with LINKEDIN_CLIENT_ID (LinkedIn Developers › your app › Auth)');
  }
  problems.push(...realtimeProblems(e, bad));
  if (e.TIKTOK_CLIENT_KEY !== undefined && e.TIKTOK_CLIENT_SECRET === undefined && !bad.has('TIKTOK_CLIENT_SECRET')) {
    problems.push('TIKTOK_CLIENT_SECRET: required with TIKTOK_CLIENT_KEY (TikTok for Developers › your app)');
  }
  if (sessionAbsolute < sessionIdle) {
    problems.push('SESSION_ABSOLUTE_TTL: must be at least SESSION_IDLE_TTL (a session cannot idle past its end)');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const nodeEnv = e.NODE_ENV ?? (deployment ? 'production' : 'development');

  // `npm run dev` starts the API and Vite with the same environment: PORT is Vite's, and Vite
  // proxies API paths to API_PORT (default 3001). Everywhere else the API owns PORT.
  const behindVite = e.npm_lifecycle_event === 'dev';
  const listenPort = behindVite ? (e.API_PORT ?? 3001) : (e.PORT ?? e.API_PORT ?? 3000);
  const appPort = behindVite ? (e.PORT ?? 3000) : listenPort;
  const appUrl = (e.APP_URL ?? `http://localhost:${appPort}`).replace(/\/+$/, '');
  const dataDir = e.DATA_DIR ?? '.data/pglite';
  const keepSecrets =
    !deployment &&
    (e.JWT_SECRET === undefined || e.FACEBOOK_APP_SECRET === undefined || e.TOKEN_ENCRYPTION_KEY === undefined) &&
    !dataDir.startsWith('memory://');

  const devEndpoints = !deployment && e.DEV_ENDPOINTS !== false;
  const facebookAppSecret = e.FACEBOOK_APP_SECRET ?? randomBytes(32).toString('hex');
  // Where this API answers on this machine: the sandbox providers' endpoints, called by the API itself.
  const apiUrl = `http://localhost:${listenPort}`;

  return {
    port: listenPort,
    listenHost: e.HOST?.replace(/^\[|\]$/g, '') ?? (deployment ? undefined : '127.0.0.1'),
    ownHostNames: deployment ? undefined : ownHostNames(appUrl, e.HOST),
    nodeEnv,
    deployment,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    appUrl,
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? randomBytes(32).toString('base64url')),
    jwtSecretGenerated: e.JWT_SECRET === undefined,
    facebookAppSecret,
    facebookAppSecretGenerated: e.FACEBOOK_APP_SECRET === undefined,
    facebookWebhookVerifyToken: e.FACEBOOK_WEBHOOK_VERIFY_TOKEN,
    tokenEncryptionKey:
      (e.TOKEN_ENCRYPTION_KEY === undefined ? undefined : parseEncryptionKey(e.TOKEN_ENCRYPTION_KEY)) ??
      new Uint8Array(randomBytes(32)),
    tokenEncryptionKeyGenerated: e.TOKEN_ENCRYPTION_KEY === undefined,
    mautic: mauticConfig(e, appUrl, devEndpoints),
    facebook: facebookConfig(e, appUrl, apiUrl, devEndpoints),
    linkedin: linkedinConfig(e, appUrl, apiUrl, devEndpoints),
    tiktok: tiktokConfig(e, appUrl, apiUrl, devEndpoints),
    realtime: realtimeConfig(e),
    secretsFile: keepSecrets ? join(dirname(dataDir), 'secrets.json') : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Orbita <no-reply@localhost>',
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL ?? 900,
    impersonationTtlSeconds: e.IMPERSONATION_TTL ?? 900,
    sessionIdleTtlSeconds: sessionIdle,
    sessionAbsoluteTtlSeconds: sessionAbsolute,
    // Local mode, `npm start` included, has them unless DEV_ENDPOINTS=0; a deployment never.
    devEndpoints,
    sandboxLatencyMs: e.SANDBOX_LATENCY_MS ?? 300,
    commentSyncMinutes: e.COMMENT_SYNC_MINUTES ?? 15,
    sentimentThreshold: e.SENTIMENT_THRESHOLD,
    sentimentSampleShare: e.SENTIMENT_SAMPLE_SHARE ?? DEFAULT_SENTIMENT_SAMPLE_SHARE,
    sentimentRetrainHours: e.SENTIMENT_RETRAIN_HOURS ?? 24,
    trustProxy: e.TRUST_PROXY ?? false,
    staticDir: e.STATIC_DIR ?? 'build/client',
    seedScaleUsers: e.SEED_SCALE_USERS ?? 0,
    seedScaleComments: e.SEED_SCALE_COMMENTS ?? 0,
    seedProjectComments: e.SEED_PROJECT_COMMENTS ?? 0,
    secureCookies: appUrl.startsWith('https://'),
  };
}
