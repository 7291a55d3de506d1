import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, LINKEDIN_API_VERSION, parseConfig, realtimeSocketOrigin } from './config';
import { DEPLOYMENT_ENV } from './test/deployment-env';

/** The problems parseConfig names for `env` (none when it accepts it). */
function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    parseConfig(env, { refuseUndeclaredDeployment: true });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('parseConfig', () => {
  it('has defaults for a local start', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      nodeEnv: 'development',
      deployment: false,
      databaseUrl: undefined,
      dataDir: '.data/pglite',
      appUrl: 'http://localhost:3000',
      jwtSecretGenerated: true,
      facebookAppSecretGenerated: true,
      secretsFile: join('.data', 'secrets.json'),
      smtpUrl: undefined,
      mailFrom: 'Orbita <no-reply@localhost>',
      accessTokenTtlSeconds: 900,
      devEndpoints: true,
      trustProxy: false,
      staticDir: 'build/client',
      secureCookies: false,
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.facebookAppSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('makes a different secret per process when none is given', () => {
    expect(parseConfig({}).jwtSecret).not.toEqual(parseConfig({}).jwtSecret);
    expect(parseConfig({}).facebookAppSecret).not.toEqual(parseConfig({}).facebookAppSecret);
  });

  it('reads every variable', () => {
    const config = parseConfig({
      ...DEPLOYMENT_ENV,
      PORT: '4000',
      DATA_DIR: '/var/data',
      ACCESS_TOKEN_TTL: '60',
      TRUST_PROXY: '1',
      STATIC_DIR: 'dist',
    });
    expect(config).toMatchObject({
      port: 4000,
      nodeEnv: 'production',
      deployment: true,
      databaseUrl: 'postgres://u:p@db:5432/app',
      dataDir: '/var/data',
      appUrl: 'https://social.example.com',
      jwtSecretGenerated: false,
      facebookAppSecret: DEPLOYMENT_ENV.FACEBOOK_APP_SECRET,
      facebookAppSecretGenerated: false,
      secretsFile: undefined,
      smtpUrl: 'smtps://mailer:secret@smtp.example.com:465',
      mailFrom: 'Orbita <no-reply@social.example.com>',
      accessTokenTtlSeconds: 60,
      devEndpoints: false,
      trustProxy: true,
      staticDir: 'dist',
      secureCookies: true,
    });
    expect(new TextDecoder().decode(config.jwtSecret)).toBe(DEPLOYMENT_ENV.JWT_SECRET);
  });

  it('is local mode under npm start too (NODE_ENV=production): dev endpoints on unless DEV_ENDPOINTS=0', () => {
    expect(parseConfig({ NODE_ENV: 'production' })).toMatchObject({ deployment: false, devEndpoints: true });
    expect(parseConfig({ NODE_ENV: 'production', DEV_ENDPOINTS: '0' }).devEndpoints).toBe(false);
    expect(parseConfig({ DEPLOYMENT: '0', DEV_ENDPOINTS: '1' }).devEndpoints).toBe(true);
  });

  it('keeps secrets beside the PGlite directory, unless the database is in memory or every secret is set', () => {
    expect(parseConfig({ DATA_DIR: '/srv/orbita/db' }).secretsFile).toBe(join('/srv/orbita', 'secrets.json'));
    expect(parseConfig({ DATA_DIR: 'memory://' })).toMatchObject({ secretsFile: undefined, jwtSecretGenerated: true });
    const all = {
      JWT_SECRET: 'y'.repeat(32),
      FACEBOOK_APP_SECRET: 'f'.repeat(32),
      TOKEN_ENCRYPTION_KEY: 'e'.repeat(64),
    };
    expect(parseConfig(all)).toMatchObject({
      secretsFile: undefined,
      jwtSecretGenerated: false,
      facebookAppSecretGenerated: false,
      tokenEncryptionKeyGenerated: false,
    });
    // Any one missing is kept in the file.
    expect(parseConfig({ JWT_SECRET: 'y'.repeat(32) }).secretsFile).toBe(join('.data', 'secrets.json'));
    expect(parseConfig({ ...all, TOKEN_ENCRYPTION_KEY: undefined }).secretsFile).toBe(join('.data', 'secrets.json'));
  });

  it('takes an SMTP URL and a sender in local mode too', () => {
    expect(parseConfig({ SMTP_URL: 'smtp://localhost:1025', MAIL_FROM: 'dev@example.test' })).toMatchObject({
      smtpUrl: 'smtp://localhost:1025',
      mailFrom: 'dev@example.test',
    });
    expect(
      problemsOf({ SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'Orbita <x@y>\r\nBcc: all@example.com' }),
    ).toEqual(['SMTP_URL: must be an smtp:// or smtps:// URL', 'MAIL_FROM: must be an address or Name <address>']);
  });

  it('names a LinkedIn API version LinkedIn still supports, or the one given', () => {
    expect(parseConfig({}).linkedin?.version).toBe(LINKEDIN_API_VERSION);
    expect(parseConfig({ LINKEDIN_API_VERSION: '202607' }).linkedin?.version).toBe('202607');
    expect(problemsOf({ LINKEDIN_API_VERSION: 'latest' })).toEqual([
      'LINKEDIN_API_VERSION: must be a LinkedIn API version (YYYYMM), e.g. 202603',
    ]);
  });

  it('falls back to API_PORT, and listens on it behind the Vite dev server', () => {
    expect(parseConfig({ API_PORT: '3005' }).port).toBe(3005);
    expect(parseConfig({ PORT: '3100', API_PORT: '3005' }).port).toBe(3100);
    const dev = parseConfig({ npm_lifecycle_event: 'dev', PORT: '3100' });
    expect(dev.port).toBe(3001);
    expect(dev.appUrl).toBe('http://localhost:3100');
    expect(parseConfig({ npm_lifecycle_event: 'dev', API_PORT: '3007' }).port).toBe(3007);
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      parseConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        NODE_ENV: 'staging',
        APP_URL: 'ftp://x',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'NODE_ENV', 'APP_URL']) expect(problems).toContain(name);
  });
});

describe('a deployment (DEPLOYMENT=1)', () => {
  it('starts with every setting given', () => {
    expect(problemsOf(DEPLOYMENT_ENV)).toEqual([]);
    // NODE_ENV may be left out: a deployment is the production build.
    expect(parseConfig({ ...DEPLOYMENT_ENV, NODE_ENV: undefined }).nodeEnv).toBe('production');
  });

  it('refuses to start without its settings, naming every one at once', () => {
    const problems = problemsOf({ DEPLOYMENT: '1', NODE_ENV: 'production' });
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'JWT_SECRET',
      'FACEBOOK_APP_SECRET',
      'TOKEN_ENCRYPTION_KEY',
      'APP_URL',
      'DATABASE_URL',
      'SMTP_URL',
      'MAIL_FROM',
    ]);
    for (const problem of problems) expect(problem).toMatch(/^\w+: required in a deployment \(.+\)$/);
  });

  it.each([
    'JWT_SECRET',
    'FACEBOOK_APP_SECRET',
    'TOKEN_ENCRYPTION_KEY',
    'APP_URL',
    'DATABASE_URL',
    'SMTP_URL',
    'MAIL_FROM',
  ] as const)('refuses to start without %s alone', (name) => {
    expect(problemsOf({ ...DEPLOYMENT_ENV, [name]: undefined })).toEqual([
      expect.stringMatching(new RegExp(`^${name}: required in a deployment`)),
    ]);
    // An empty variable is a missing one.
    expect(problemsOf({ ...DEPLOYMENT_ENV, [name]: '' })).toHaveLength(1);
  });

  it('wants an https APP_URL, a long JWT_SECRET, and no dev endpoints', () => {
    expect(
      problemsOf({ ...DEPLOYMENT_ENV, APP_URL: 'http://social.example.com', JWT_SECRET: 'short', DEV_ENDPOINTS: '1' }),
    ).toEqual([
      'JWT_SECRET: must be at least 32 characters',
      'APP_URL: must be an https:// URL in a deployment',
      'DEV_ENDPOINTS: the dev endpoints are never mounted in a deployment',
    ]);
    expect(problemsOf({ ...DEPLOYMENT_ENV, DEV_ENDPOINTS: '0' })).toEqual([]);
    expect(problemsOf({ ...DEPLOYMENT_ENV, FACEBOOK_APP_SECRET: 'abc123' })).toEqual([
      'FACEBOOK_APP_SECRET: must be at least 32 characters',
    ]);
  });

  it('refuses secrets that cannot be secret, naming each setting', () => {
    const hex = (byte: string) => byte.repeat(32);
    expect(
      problemsOf({
        ...DEPLOYMENT_ENV,
        JWT_SECRET: 'a'.repeat(32),
        FACEBOOK_APP_SECRET: 'ab'.repeat(16),
        TOKEN_ENCRYPTION_KEY: hex('00'),
        PUSHER_APP_ID: 'orbita',
        PUSHER_APP_KEY: 'orbita-key',
        PUSHER_APP_SECRET: 'changeme-changeme',
        MAUTIC_BASE_URL: 'https://mautic.example.com',
        MAUTIC_CLIENT_ID: 'orbita',
        MAUTIC_CLIENT_SECRET: '0110100110010110100101100110',
      }),
    ).toEqual([
      expect.stringMatching(/^JWT_SECRET: is one character repeated; use a random value/),
      expect.stringMatching(/^FACEBOOK_APP_SECRET: is a short pattern repeated;/),
      expect.stringMatching(/^TOKEN_ENCRYPTION_KEY: is one byte repeated;/),
      expect.stringMatching(/^PUSHER_APP_SECRET: looks like a placeholder \("changeme"\)/),
      expect.stringMatching(/^MAUTIC_CLIENT_SECRET: uses only 2 different characters;/),
    ]);
  });

  it('refuses one value given for two secrets', () => {
    expect(problemsOf({ ...DEPLOYMENT_ENV, FACEBOOK_APP_SECRET: DEPLOYMENT_ENV.JWT_SECRET })).toEqual([
      'FACEBOOK_APP_SECRET: must differ from JWT_SECRET (each secret its own random value)',
    ]);
  });

  it('leaves local mode free to use simple secrets on its own machine', () => {
    expect(problemsOf({ JWT_SECRET: 'a'.repeat(32), TOKEN_ENCRYPTION_KEY: '00'.repeat(32) })).toEqual([]);
  });

  it('names malformed and missing settings together', () => {
    expect(problemsOf({ DEPLOYMENT: '1', DATABASE_URL: 'mysql://x', SMTP_URL: 'mail.example.com' })).toEqual([
      'DATABASE_URL: must be a postgres:// or postgresql:// URL',
      'SMTP_URL: must be an smtp:// or smtps:// URL',
      expect.stringMatching(/^JWT_SECRET: required/),
      expect.stringMatching(/^FACEBOOK_APP_SECRET: required/),
      expect.stringMatching(/^TOKEN_ENCRYPTION_KEY: required/),
      expect.stringMatching(/^APP_URL: required/),
      expect.stringMatching(/^MAIL_FROM: required/),
    ]);
  });

  it('is the production build', () => {
    expect(problemsOf({ ...DEPLOYMENT_ENV, NODE_ENV: 'development' })).toEqual([
      'NODE_ENV: must be production (or unset) in a deployment, not development',
    ]);
  });

  it('must be declared at start when settings point away from this machine', () => {
    const remoteApp = problemsOf({ NODE_ENV: 'production', APP_URL: 'https://social.example.com' });
    expect(remoteApp).toEqual([
      expect.stringMatching(/^DEPLOYMENT: APP_URL points away from this machine; set DEPLOYMENT=1/),
    ]);
    expect(problemsOf({ DATABASE_URL: 'postgres://u:p@db.internal/app' })).toEqual([
      expect.stringMatching(/^DEPLOYMENT: DATABASE_URL points away/),
    ]);
    // Local addresses, an explicit DEPLOYMENT=0, and the tests' own settings pass.
    for (const env of [
      { NODE_ENV: 'production', APP_URL: 'http://localhost:3000', DATABASE_URL: 'postgres://u:p@127.0.0.1/app' },
      { APP_URL: 'http://orbita.localhost:3000', DATABASE_URL: 'postgres://u:p@[::1]:5432/app' },
      { NODE_ENV: 'production', APP_URL: 'http://192.168.1.20:3000', DEPLOYMENT: '0' },
      { NODE_ENV: 'test', APP_URL: 'http://app.test' },
    ]) {
      expect(problemsOf(env), JSON.stringify(env)).toEqual([]);
    }
    // A test building an app with such settings is not a start.
    expect(parseConfig({ NODE_ENV: 'production', APP_URL: 'https://app.example.com' }).deployment).toBe(false);
  });
});

describe('Mautic and the token encryption key', () => {
  it('has the sandbox where the dev endpoints are, and nothing in a deployment without MAUTIC_BASE_URL', () => {
    expect(parseConfig({ APP_URL: 'http://localhost:3100' }).mautic).toEqual({
      baseUrl: 'http://localhost:3100/dev/mautic',
      clientId: 'orbita-sandbox',
      clientSecret: 'orbita-sandbox-secret',
      sandbox: true,
    });
    expect(parseConfig({ DEV_ENDPOINTS: '0' }).mautic).toBeUndefined();
    expect(parseConfig(DEPLOYMENT_ENV).mautic).toBeUndefined();
  });

  it('takes a real Mautic with its credentials, https in a deployment', () => {
    const mautic = {
      MAUTIC_BASE_URL: 'https://mautic.example.com/',
      MAUTIC_CLIENT_ID: '1_abc',
      MAUTIC_CLIENT_SECRET: '4k9w2xq7v1m5z8r3t6y0u2i4o7p1',
    };
    expect(parseConfig({ ...DEPLOYMENT_ENV, ...mautic }).mautic).toEqual({
      baseUrl: 'https://mautic.example.com',
      clientId: '1_abc',
      clientSecret: '4k9w2xq7v1m5z8r3t6y0u2i4o7p1',
      sandbox: false,
    });
    expect(problemsOf({ ...DEPLOYMENT_ENV, ...mautic, MAUTIC_BASE_URL: 'http://mautic.example.com' })).toEqual([
      expect.stringMatching(/^MAUTIC_BASE_URL: must be an https:\/\/ URL in a deployment/),
    ]);
    expect(problemsOf({ ...DEPLOYMENT_ENV, MAUTIC_CLIENT_ID: '1_abc' })).toEqual([
      expect.stringMatching(/^MAUTIC_BASE_URL: required with MAUTIC_CLIENT_ID/),
    ]);
    expect(problemsOf({ MAUTIC_BASE_URL: 'http://localhost:8080' }).map((p) => p.split(':')[0])).toEqual([
      'MAUTIC_CLIENT_ID',
      'MAUTIC_CLIENT_SECRET',
    ]);
    expect(problemsOf({ MAUTIC_BASE_URL: 'mautic.example.com' })).toEqual(['MAUTIC_BASE_URL: must be an http(s) URL']);
  });

  it('reads TOKEN_ENCRYPTION_KEY as 32 bytes in hex or base64, and refuses anything else', () => {
    const bytes = Buffer.alloc(32, 7);
    for (const key of [bytes.toString('hex'), bytes.toString('base64'), bytes.toString('base64url')]) {
      expect(parseConfig({ TOKEN_ENCRYPTION_KEY: key })).toMatchObject({
        tokenEncryptionKey: new Uint8Array(bytes),
        tokenEncryptionKeyGenerated: false,
      });
    }
    expect(parseConfig({}).tokenEncryptionKey).toHaveLength(32);
    expect(parseConfig({}).tokenEncryptionKeyGenerated).toBe(true);
    expect(problemsOf({ TOKEN_ENCRYPTION_KEY: 'x'.repeat(40) })).toEqual([
      expect.stringMatching(/^TOKEN_ENCRYPTION_KEY: must be 32 bytes/),
    ]);
  });
});

describe('session lifetimes', () => {
  it('default to 7 days idle and 30 days absolute, and take both from the environment', () => {
    expect(parseConfig({})).toMatchObject({ sessionIdleTtlSeconds: 604_800, sessionAbsoluteTtlSeconds: 2_592_000 });
    expect(parseConfig({ SESSION_IDLE_TTL: '3600', SESSION_ABSOLUTE_TTL: '86400' })).toMatchObject({
      sessionIdleTtlSeconds: 3600,
      sessionAbsoluteTtlSeconds: 86_400,
    });
  });

  it('refuse an absolute lifetime shorter than the idle one, and nonsense', () => {
    expect(() => parseConfig({ SESSION_IDLE_TTL: '86400', SESSION_ABSOLUTE_TTL: '3600' })).toThrow(
      /SESSION_ABSOLUTE_TTL: must be at least SESSION_IDLE_TTL/,
    );
    expect(() => parseConfig({ SESSION_IDLE_TTL: '10' })).toThrow(/SESSION_IDLE_TTL/);
  });
});

describe('real-time (decision 026)', () => {
  it('embeds the server by default, with a secret of its own per process and no outside socket', () => {
    const realtime = parseConfig({}).realtime;
    expect(realtime).toMatchObject({ embedded: true, key: 'orbita-key', host: undefined, socketHost: undefined });
    expect(realtime.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(parseConfig({}).realtime.secret).not.toBe(realtime.secret);
    expect(realtimeSocketOrigin(realtime)).toBeUndefined();
    // Given, the embedded server signs with it: another process may publish to it.
    expect(parseConfig({ PUSHER_APP_SECRET: 'k3Jq9vXz2pLw7RtB' }).realtime).toMatchObject({
      embedded: true,
      secret: 'k3Jq9vXz2pLw7RtB',
    });
  });

  it("uses Pusher's cluster: the HTTP API at api-{cluster}, the socket at ws-{cluster}", () => {
    const realtime = parseConfig({
      PUSHER_APP_ID: '1',
      PUSHER_APP_KEY: 'k',
      PUSHER_APP_SECRET: 'k3Jq9vXz2pLw7RtB',
      PUSHER_APP_CLUSTER: 'eu',
    }).realtime;
    expect(realtime).toMatchObject({ embedded: false, host: 'api-eu.pusher.com', socketHost: 'ws-eu.pusher.com' });
    expect(realtimeSocketOrigin(realtime)).toBe('wss://ws-eu.pusher.com');
  });

  it('uses Soketi or Reverb at PUSHER_HOST, one host and port for the HTTP API and the socket', () => {
    const realtime = parseConfig({
      PUSHER_APP_ID: '1',
      PUSHER_APP_KEY: 'k',
      PUSHER_APP_SECRET: 'k3Jq9vXz2pLw7RtB',
      PUSHER_HOST: 'soketi.internal',
      PUSHER_PORT: '6001',
      PUSHER_SCHEME: 'http',
    }).realtime;
    expect(realtime).toMatchObject({
      host: 'soketi.internal',
      socketHost: 'soketi.internal',
      port: 6001,
      useTLS: false,
    });
    expect(realtimeSocketOrigin(realtime)).toBe('ws://soketi.internal:6001');
  });
});

describe('real-time: the embedded server configured as any service (decision 029)', () => {
  const credentials = {
    PUSHER_APP_ID: 'orbita-prod',
    PUSHER_APP_KEY: 'k-prod',
    PUSHER_APP_SECRET: 'k3Jq9vXz2pLw7RtB',
  };

  it('keeps serving the protocol when only the credentials are given: PUSHER_APP_KEY no longer switches it off', () => {
    const realtime = parseConfig({ ...DEPLOYMENT_ENV, ...credentials }).realtime;
    expect(realtime).toMatchObject({
      embedded: true,
      appId: 'orbita-prod',
      key: 'k-prod',
      secret: 'k3Jq9vXz2pLw7RtB',
      host: undefined,
      socketHost: undefined,
    });
    expect(problemsOf({ ...DEPLOYMENT_ENV, ...credentials })).toEqual([]);
  });

  it("serves the other instances: PUSHER_EMBEDDED=1 here, PUSHER_HOST its address everywhere, the page's socket there", () => {
    const where = { PUSHER_HOST: 'realtime.example.com', PUSHER_PORT: '443', PUSHER_SCHEME: 'https' };
    const serving = parseConfig({ ...DEPLOYMENT_ENV, ...credentials, ...where, PUSHER_EMBEDDED: '1' }).realtime;
    expect(serving).toMatchObject({ embedded: true, key: 'k-prod', socketHost: 'realtime.example.com', useTLS: true });
    expect(realtimeSocketOrigin(serving)).toBe('wss://realtime.example.com:443');
    // Another instance: the same settings without PUSHER_EMBEDDED publish there.
    const other = parseConfig({ ...DEPLOYMENT_ENV, ...credentials, ...where }).realtime;
    expect(other).toMatchObject({
      embedded: false,
      host: 'realtime.example.com',
      port: 443,
      secret: 'k3Jq9vXz2pLw7RtB',
    });
    expect(realtimeSocketOrigin(other)).toBe(realtimeSocketOrigin(serving));
  });

  it('bounds the embedded server, by default and by PUSHER_MAX_CONNECTIONS and PUSHER_MAX_PER_ADDRESS', () => {
    expect(parseConfig({}).realtime).toMatchObject({ maxConnections: 10_000, maxConnectionsPerAddress: 500 });
    expect(parseConfig({ PUSHER_MAX_CONNECTIONS: '50000', PUSHER_MAX_PER_ADDRESS: '2000' }).realtime).toMatchObject({
      maxConnections: 50_000,
      maxConnectionsPerAddress: 2000,
    });
    expect(problemsOf({ PUSHER_MAX_CONNECTIONS: '0', PUSHER_MAX_PER_ADDRESS: 'many' })).toHaveLength(2);
  });

  it('names what the settings cannot mean together', () => {
    expect(problemsOf({ ...DEPLOYMENT_ENV, PUSHER_HOST: 'soketi.internal' })).toEqual([
      "PUSHER_APP_ID: required with PUSHER_HOST (the app's credentials, the same everywhere)",
      "PUSHER_APP_KEY: required with PUSHER_HOST (the app's credentials, the same everywhere)",
      "PUSHER_APP_SECRET: required with PUSHER_HOST (the app's credentials, the same everywhere)",
    ]);
    expect(problemsOf({ ...DEPLOYMENT_ENV, PUSHER_APP_KEY: 'k' })).toEqual([
      "PUSHER_APP_ID: required with PUSHER_APP_KEY (the app's credentials, the same everywhere)",
      "PUSHER_APP_SECRET: required with PUSHER_APP_KEY (the app's credentials, the same everywhere)",
    ]);
    expect(problemsOf({ ...DEPLOYMENT_ENV, PUSHER_EMBEDDED: '0' })).toEqual([
      'PUSHER_EMBEDDED: 0 needs the service named, by PUSHER_HOST (Soketi, Reverb, the instance serving it) or PUSHER_APP_CLUSTER (Pusher)',
    ]);
    expect(problemsOf({ ...DEPLOYMENT_ENV, ...credentials, PUSHER_EMBEDDED: '1', PUSHER_APP_CLUSTER: 'eu' })).toEqual([
      "PUSHER_APP_CLUSTER: names Pusher's hosted service, while PUSHER_EMBEDDED=1 serves the protocol here; set one of them",
    ]);
    expect(
      problemsOf({ ...DEPLOYMENT_ENV, ...credentials, PUSHER_APP_CLUSTER: 'eu', PUSHER_MAX_CONNECTIONS: '10' }),
    ).toEqual(['PUSHER_MAX_CONNECTIONS: bounds the embedded server only; set it at the service itself']);
  });
});
