import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

describe('parseConfig', () => {
  it('has defaults for a local start', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      nodeEnv: 'development',
      databaseUrl: undefined,
      dataDir: '.data/pglite',
      appUrl: 'http://localhost:3000',
      jwtSecretGenerated: true,
      accessTokenTtlSeconds: 900,
      devEndpoints: true,
      trustProxy: false,
      staticDir: 'build/client',
      secureCookies: false,
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('makes a different secret per process when none is given', () => {
    expect(parseConfig({}).jwtSecret).not.toEqual(parseConfig({}).jwtSecret);
  });

  it('reads every variable', () => {
    const config = parseConfig({
      PORT: '4000',
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      DATA_DIR: '/var/data',
      APP_URL: 'https://social.example.com/',
      JWT_SECRET: 'x'.repeat(40),
      ACCESS_TOKEN_TTL: '60',
      TRUST_PROXY: '1',
      STATIC_DIR: 'dist',
    });
    expect(config).toMatchObject({
      port: 4000,
      nodeEnv: 'production',
      databaseUrl: 'postgres://u:p@db:5432/app',
      dataDir: '/var/data',
      appUrl: 'https://social.example.com',
      jwtSecretGenerated: false,
      accessTokenTtlSeconds: 60,
      devEndpoints: false,
      trustProxy: true,
      staticDir: 'dist',
      secureCookies: true,
    });
  });

  it('turns dev endpoints on in production only with DEV_ENDPOINTS=1', () => {
    expect(parseConfig({ NODE_ENV: 'production', DEV_ENDPOINTS: '1' }).devEndpoints).toBe(true);
    expect(parseConfig({ NODE_ENV: 'production', DEV_ENDPOINTS: '0' }).devEndpoints).toBe(false);
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
