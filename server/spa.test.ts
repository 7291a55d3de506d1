import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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

const INDEX_HTML = '<!doctype html><title>app</title>';
const ENTRY_JS = 'console.log(1)';
const EN_JSON = '{"hello":"Hello"}';
const WORKER_JS = 'self.skipWaiting;';
const MANIFEST = '{"name":"app"}';
/** What Chromium, Firefox and Safari send. */
const BROWSER = 'gzip, deflate, br, zstd';

/** `file` and the copies scripts/compress-assets.ts would make of it. */
function writeWithCopies(file: string, text: string, copies: ('br' | 'gz')[] = ['br', 'gz']) {
  writeFileSync(file, text);
  if (copies.includes('br')) writeFileSync(`${file}.br`, brotliCompressSync(text));
  if (copies.includes('gz')) writeFileSync(`${file}.gz`, gzipSync(text, { level: 9 }));
}

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  app.request(path, { method, headers });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'spa-'));
  dir = join(root, 'client');
  mkdirSync(join(dir, 'assets/i18n'), { recursive: true });
  writeWithCopies(join(dir, 'index.html'), INDEX_HTML);
  writeWithCopies(join(dir, 'assets/entry.client-AbC123.js'), ENTRY_JS);
  writeWithCopies(join(dir, 'assets/i18n/en.json'), EN_JSON);
  // A file whose copies came out no smaller: the build left it alone.
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  writeWithCopies(join(dir, 'sw.js'), WORKER_JS);
  // One whose brotli came out no smaller than its gzip... or the file: only the gzip is there.
  writeWithCopies(join(dir, 'manifest.webmanifest'), MANIFEST, ['gz']);
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
    expect(text).toBe(status === 200 ? INDEX_HTML : 'Not found');
  });

  describe('compressed copies', () => {
    it('sends the brotli copy to a client that takes it, with the type and cache of the file', async () => {
      const res = await get('/assets/entry.client-AbC123.js', { 'Accept-Encoding': BROWSER });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const body = await bytes(res);
      expect(Number(res.headers.get('content-length'))).toBe(body.length);
      expect(brotliDecompressSync(body).toString()).toBe(ENTRY_JS);
    });

    it('sends the gzip copy to a client that takes gzip only', async () => {
      const res = await get('/assets/entry.client-AbC123.js', { 'Accept-Encoding': 'gzip' });
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(gunzipSync(await bytes(res)).toString()).toBe(ENTRY_JS);
    });

    it.each([
      ['no Accept-Encoding', {}],
      ['identity', { 'Accept-Encoding': 'identity' }],
      ['refusing both', { 'Accept-Encoding': 'br;q=0, gzip;q=0' }],
    ])('sends the file itself, varying on Accept-Encoding, to a client with %s', async (_, headers) => {
      const res = await get('/assets/entry.client-AbC123.js', headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await res.text()).toBe(ENTRY_JS);
    });

    it('falls back to the gzip copy, or the file, when there is no brotli copy', async () => {
      const gzip = await get('/manifest.webmanifest', { 'Accept-Encoding': BROWSER });
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(gzip.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      expect(gunzipSync(await bytes(gzip)).toString()).toBe(MANIFEST);
      const plain = await get('/manifest.webmanifest', { 'Accept-Encoding': 'br' });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await plain.text()).toBe(MANIFEST);
    });

    it('does not vary a file that has no compressed copy', async () => {
      const res = await get('/favicon.svg', { 'Accept-Encoding': BROWSER });
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('vary')).toBeNull();
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(await res.text()).toBe('<svg/>');
    });

    it.each(['/', '/index.html', '/login', '/projects/42/channels'])(
      'answers %s with compressed index.html',
      async (path) => {
        const res = await get(path, { 'Accept-Encoding': BROWSER });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-encoding')).toBe('br');
        expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        expect(res.headers.get('cache-control')).toBe('no-cache');
        expect(res.headers.get('content-security-policy')).toMatch(/script-src/);
        expect(brotliDecompressSync(await bytes(res)).toString()).toBe(INDEX_HTML);
      },
    );

    it("keeps the app's long policy to documents: a hashed script carries the short one", async () => {
      const script = await get('/assets/entry.client-AbC123.js', { 'Accept-Encoding': BROWSER });
      expect(script.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      const page = await get('/login', { 'Accept-Encoding': BROWSER });
      expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
      const worker = await get('/sw.js', { 'Accept-Encoding': BROWSER });
      expect(worker.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    });

    it('answers HEAD with the headers of the compressed copy and no body', async () => {
      for (const path of ['/login', '/assets/entry.client-AbC123.js']) {
        const res = await get(path, { 'Accept-Encoding': BROWSER }, 'HEAD');
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-encoding'), path).toBe('br');
        expect(res.headers.get('vary'), path).toMatch(/accept-encoding/i);
        expect(Number(res.headers.get('content-length')), path).toBeGreaterThan(0);
        expect((await bytes(res)).length, path).toBe(0);
      }
    });

    // The browser checks for a new worker at every visit: compressed, but never from its HTTP cache.
    it('compresses the service worker and keeps it revalidated', async () => {
      const res = await get('/sw.js', { 'Accept-Encoding': BROWSER });
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(brotliDecompressSync(await bytes(res)).toString()).toBe(WORKER_JS);
    });

    // The copies are other encodings of a file and have no URL of their own: nothing the app
    // loads names one, and as itself a copy would go out as application/octet-stream (a hashed
    // one cached for a year), bytes no page can use. A plain 404 says so.
    it.each([
      '/assets/entry.client-AbC123.js.br',
      '/assets/entry.client-AbC123.js.gz',
      '/index.html.br',
      '/assets/i18n/en.json.gz',
    ])('answers %s with a plain 404', async (path) => {
      const res = await get(path, { 'Accept-Encoding': BROWSER });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).toBe('Not found');
    });
  });

  describe('revalidation', () => {
    it.each(['/', '/login', '/assets/i18n/en.json', '/assets/entry.client-AbC123.js'])(
      'answers a revalidation of %s whose copy has not changed with 304',
      async (path) => {
        for (const acceptEncoding of [BROWSER, 'gzip', 'identity']) {
          const first = await get(path, { 'Accept-Encoding': acceptEncoding });
          const etag = first.headers.get('etag');
          const modified = first.headers.get('last-modified');
          expect(etag, acceptEncoding).toMatch(/^"[^"]+"$/);
          expect(modified, acceptEncoding).not.toBeNull();

          const conditions: Record<string, string>[] = [{ 'If-None-Match': etag! }, { 'If-Modified-Since': modified! }];
          for (const condition of conditions) {
            const again = await get(path, { 'Accept-Encoding': acceptEncoding, ...condition });
            expect(again.status, `${acceptEncoding} ${JSON.stringify(condition)}`).toBe(304);
            expect(await again.text()).toBe('');
            expect(again.headers.get('etag')).toBe(etag);
            expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
            expect(again.headers.get('vary')).toMatch(/accept-encoding/i);
          }
        }
      },
    );

    it('tells the copies apart: the tag of one does not validate another', async () => {
      const br = await get('/assets/i18n/en.json', { 'Accept-Encoding': BROWSER });
      const etag = br.headers.get('etag')!;
      const gzip = await get('/assets/i18n/en.json', { 'Accept-Encoding': 'gzip', 'If-None-Match': etag });
      expect(gzip.status).toBe(200);
      expect(gzip.headers.get('etag')).not.toBe(etag);
      expect(gunzipSync(await bytes(gzip)).toString()).toBe(EN_JSON);
    });

    it('answers 200 to a stale tag or an older date', async () => {
      const stale = await get('/login', { 'Accept-Encoding': BROWSER, 'If-None-Match': '"old"' });
      expect(stale.status).toBe(200);
      expect(brotliDecompressSync(await bytes(stale)).toString()).toBe(INDEX_HTML);
      const older = await get('/login', { 'If-Modified-Since': new Date(0).toUTCString() });
      expect(older.status).toBe(200);
      expect(await older.text()).toBe(INDEX_HTML);
    });
  });

  it('mounts nothing without a build', () => {
    expect(mountSpa(new Hono<AppEnv>(), join(dir, 'missing'))).toBe(false);
  });
});
