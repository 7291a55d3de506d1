import { randomBytes } from 'node:crypto';
import { z } from 'zod';

export type Config = {
  port: number;
  nodeEnv: 'development' | 'test' | 'production';
  /** Set when the API should use a real PostgreSQL instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  /** PGlite data directory; `memory://` keeps the database in memory. */
  dataDir: string;
  /** Origin of the web app, without a trailing slash; reset-mail links point here. */
  appUrl: string;
  jwtSecret: Uint8Array;
  /** True when JWT_SECRET was missing and a random per-process secret was made up. */
  jwtSecretGenerated: boolean;
  accessTokenTtlSeconds: number;
  devEndpoints: boolean;
  trustProxy: boolean;
  staticDir: string;
  /** The refresh cookie is `Secure` only when the app is served over https. */
  secureCookies: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUndefined, schema.optional());
const port = z.coerce.number().int().min(1).max(65535);
const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const EnvSchema = z.object({
  PORT: optional(port),
  API_PORT: optional(port),
  NODE_ENV: optional(z.enum(['development', 'test', 'production'])),
  DATABASE_URL: optional(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .pipe(z.url()),
  ),
  DATA_DIR: optional(z.string()),
  APP_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  ACCESS_TOKEN_TTL: optional(z.coerce.number().int().min(30).max(86_400)),
  DEV_ENDPOINTS: optional(flag),
  TRUST_PROXY: optional(flag),
  STATIC_DIR: optional(z.string()),
  // Set by npm to the script's name; `dev` means the API sits behind the Vite dev server.
  npm_lifecycle_event: optional(z.string()),
});

/**
 * Reads the environment once. Throws a ConfigError listing every bad variable, so a
 * misconfigured deployment fails at start with the whole list rather than one at a time.
 */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const nodeEnv = e.NODE_ENV ?? 'development';

  // `npm run dev` starts the API and Vite with the same environment: PORT is Vite's, and Vite
  // proxies API paths to API_PORT (default 3001). Everywhere else the API owns PORT.
  const behindVite = e.npm_lifecycle_event === 'dev';
  const listenPort = behindVite ? (e.API_PORT ?? 3001) : (e.PORT ?? e.API_PORT ?? 3000);
  const appPort = behindVite ? (e.PORT ?? 3000) : listenPort;
  const appUrl = (e.APP_URL ?? `http://localhost:${appPort}`).replace(/\/+$/, '');

  return {
    port: listenPort,
    nodeEnv,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR ?? '.data/pglite',
    appUrl,
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? randomBytes(32).toString('base64url')),
    jwtSecretGenerated: e.JWT_SECRET === undefined,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL ?? 900,
    devEndpoints: nodeEnv !== 'production' || e.DEV_ENDPOINTS === true,
    trustProxy: e.TRUST_PROXY ?? false,
    staticDir: e.STATIC_DIR ?? 'build/client',
    secureCookies: appUrl.startsWith('https://'),
  };
}
