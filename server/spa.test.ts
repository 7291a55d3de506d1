import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { API_PREFIXES, createApp } from './app';
import { parseConfig } from './config';
import type { Database } from './db/client';
import type { AppEnv } from './http/context';
import { MemoryMailer } from './mail/mailer';
import { mountSpa } from './spa';
import { NETWORK_ONLY_NAVIGATIONS } from '../pwa.config';

let root: string;
let dir: string;
let app: Hono<AppEnv>;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'spa-'));
  dir = join(root, 'client');
  mkdirSync(join(dir, 'assets/i18n'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dir, 'assets/entry.client-AbC123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'assets/i18n/en.json'), '{"hello":"Hello"}');
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  writeFileSync(join(dir, 'sw.js'), 'self.skipWaiting;');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"app"}');
  // A file beside the build (not in it), which no request may reach.
  writeFileSync(join(root, 'outside.txt'), 'outside the build');
  // No route below touches the database.
  const db = new Proxy({} as Database, {
    get() {
      throw new Error('the database is not used here');
    },
  });
  app = createApp({
    db,
    config: parseConfig({ NODE_ENV: 'production', DEV_ENDPOINTS: '0' }),
    mailer: new MemoryMailer(() => {}),
  });
  expect(mountSpa(app, dir)).toBe(true);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('mountSpa', () => {
  it('serves hashed assets with a long cache', async () => {
    const res = await app.request('/assets/entry.client-AbC123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log(1)');
  });

  it('serves translation files and other public files for revalidation', async () => {
    for (const path of ['/assets/i18n/en.json', '/favicon.svg']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  // The browser checks the worker for a new version at every visit: never from its HTTP cache.
  it('serves the service worker and the web app manifest for revalidation, with their types', async () => {
    const worker = await app.request('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const manifest = await app.request('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
  });

  it("leaves the API's paths to the network in the service worker, and only those and files", () => {
    const fromNetwork = (path: string) => NETWORK_ONLY_NAVIGATIONS.some((pattern) => pattern.test(path));
    for (const prefix of API_PREFIXES) {
      for (const path of [prefix, `${prefix}/`, `${prefix}/x/y`, `${prefix}?page=2`])
        expect(fromNetwork(path), path).toBe(true);
    }
    expect(fromNetwork('/csp.json')).toBe(true);
    for (const path of [
      '/',
      '/login',
      '/projects/42/channels',
      '/reset-password/abc?email=a%40b.co',
      '/application',
      '/docsy',
    ]) {
      expect(fromNetwork(path), path).toBe(false);
    }
  });

  it.each(['/', '/login', '/projects/42/channels', '/reset-password/abc?email=a%40b.co'])(
    'answers %s with index.html',
    async (path) => {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>app</title>');
    },
  );

  it('answers 404 to a missing hashed asset instead of index.html', async () => {
    const res = await app.request('/assets/entry.client-Old999.js');
    expect(res.status).toBe(404);
  });

  it.each(['/v1.0/unknown', '/dev/mail', '/docs', '/docs/openapi.json', '/broadcasting/auth', '/app/key'])(
    'keeps %s a JSON 404',
    async (path) => {
      const res = await app.request(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not found.' });
    },
  );

  // The build sits in `client/` beside `outside.txt`: each path below aims at that file. A
  // client route gets the SPA's page, a hashed-asset path the plain 404; never the file.
  it.each([
    ['/..%2foutside.txt', 200],
    ['/%2e%2e/outside.txt', 200],
    ['/%2e%2e%2foutside.txt', 200],
    ['/assets/..%2f..%2foutside.txt', 404],
    // The URL parser resolves these dots itself: the request is for /outside.txt, a client route.
    ['/assets/%2e%2e/%2e%2e/outside.txt', 200],
  ])('serves no file outside the build for %s', async (path, status) => {
    const res = await app.request(path);
    const text = await res.text();
    expect(res.status).toBe(status);
    expect(text).not.toContain('outside the build');
    expect(text).toBe(status === 200 ? '<!doctype html><title>app</title>' : 'Not found');
  });

  it('mounts nothing without a build', () => {
    expect(mountSpa(new Hono<AppEnv>(), join(dir, 'missing'))).toBe(false);
  });
});
