import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { parseConfig } from '../config';
import type { Database } from '../db/client';
import { memoryLogger } from '../log';
import { MemoryMailer } from '../mail/mailer';
import { mountSpa } from '../spa';
import { appContentSecurityPolicy, inlineScriptHashes } from './security-headers';

const INDEX = `<!doctype html><html><head><script>window.__ctx = {"a":1};</script>
<script type="module" src="/assets/entry.js"></script><script type="module">import("/assets/x.js");</script>
</head><body></body></html>`;

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The app over a throwaway build; no route below touches the database. */
function appWithBuild(env: Record<string, string> = {}, files: Record<string, string> = {}, connectSrc: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'csp-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'index.html'), INDEX);
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  const db = new Proxy({} as Database, {
    get() {
      throw new Error('the database is not used here');
    },
  });
  const app = createApp({
    db,
    config: parseConfig({ NODE_ENV: 'production', ...env }),
    mailer: new MemoryMailer(() => {}),
    log: memoryLogger().log,
  });
  mountSpa(app, dir, { connectSrc });
  return app;
}

describe('inlineScriptHashes', () => {
  it('hashes each inline script body and skips scripts with a src', () => {
    const hashes = inlineScriptHashes(INDEX);
    expect(hashes).toHaveLength(2);
    // sha256 of `window.__ctx = {"a":1};`, as a browser computes it.
    const expected = createHash('sha256').update('window.__ctx = {"a":1};').digest('base64');
    expect(hashes[0]).toBe(`'sha256-${expected}'`);
  });
});

describe('security headers', () => {
  it("the app's page: a strict CSP allowing its inline scripts by hash, never unsafe-inline", async () => {
    const res = await appWithBuild().request('/login');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toBe(appContentSecurityPolicy({ scriptHashes: inlineScriptHashes(INDEX), connectSrc: [] }));
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
  });

  it('takes the hashes the build recorded in csp.json', async () => {
    const manifest = { scriptHashes: ["'sha256-recorded'"], connectSrc: ['https://api.example.com'] };
    const res = await appWithBuild({}, { 'csp.json': JSON.stringify(manifest) }).request('/');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self' 'sha256-recorded'");
    expect(csp).toContain("connect-src 'self' https://api.example.com");
  });

  it("lets the page open an outside real-time service's socket (Pusher, Soketi, Reverb), after the build's origins", async () => {
    const manifest = { scriptHashes: [], connectSrc: ['https://api.example.com'] };
    const res = await appWithBuild({}, { 'csp.json': JSON.stringify(manifest) }, ['wss://ws-eu.pusher.com']).request(
      '/',
    );
    expect(res.headers.get('content-security-policy')).toContain(
      "connect-src 'self' https://api.example.com wss://ws-eu.pusher.com",
    );
  });

  it('lets a configured chat widget in: its script, calls, pictures and frames, nothing more', () => {
    const csp = appContentSecurityPolicy({
      scriptHashes: ["'sha256-x'"],
      connectSrc: [],
      widgetOrigins: ['https://chat.example'],
    });
    expect(csp).toContain("script-src 'self' https://chat.example 'sha256-x'");
    expect(csp).toContain("connect-src 'self' https://chat.example");
    expect(csp).toContain("img-src 'self' data: https://chat.example");
    expect(csp).toContain('frame-src https://chat.example');
    expect(csp).toContain("style-src 'self';");
    expect(appContentSecurityPolicy({ scriptHashes: [], connectSrc: [] })).not.toContain('frame-src');
  });

  it('every answer, app and API: nosniff, no framing, no referrer, no powerful features', async () => {
    const app = appWithBuild();
    for (const path of ['/login', '/favicon.svg', '/v1.0/health', '/v1.0/nope']) {
      const res = await app.request(path);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(res.headers.get('permissions-policy'), path).toContain('camera=()');
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
    expect((await app.request('/v1.0/health')).headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('HSTS only when the app is served over https', async () => {
    expect((await appWithBuild().request('/login')).headers.get('strict-transport-security')).toBeNull();
    const https = appWithBuild({ APP_URL: 'https://app.example.com' });
    expect((await https.request('/login')).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});
