import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { networkInterfaces } from 'node:os';
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { startHarness, type Harness } from '../test/harness';
import { DEPLOYMENT_ENV } from '../test/deployment-env';

/**
 * Local mode has demo accounts and /dev endpoints that make admins: it is for this machine only.
 * It listens on the loopback address unless HOST says otherwise, and answers only to its own
 * names, so a page that points a name it controls at 127.0.0.1 (DNS rebinding) reaches nothing.
 */
describe('where local mode listens', () => {
  it('is the loopback address unless HOST says otherwise; a deployment listens everywhere', () => {
    expect(parseConfig({}).listenHost).toBe('127.0.0.1');
    expect(parseConfig({ HOST: '0.0.0.0' }).listenHost).toBe('0.0.0.0');
    expect(parseConfig({ HOST: '[::1]' }).listenHost).toBe('::1');
    expect(parseConfig(DEPLOYMENT_ENV).listenHost).toBeUndefined();
    expect(parseConfig({ ...DEPLOYMENT_ENV, HOST: '10.0.0.5' }).listenHost).toBe('10.0.0.5');
  });

  it('refuses a HOST that is not a host name or an address', () => {
    expect(() => parseConfig({ HOST: 'evil.example/path' })).toThrow(/HOST: must be a host name or an IP address/);
    expect(() => parseConfig({ HOST: 'a b' })).toThrow(/HOST/);
  });

  it('knows its own names: loopback, APP_URL and HOST', () => {
    expect([...(parseConfig({}).ownHostNames ?? [])].sort()).toEqual(['127.0.0.1', '[::1]', 'localhost']);
    const opened = parseConfig({ HOST: '192.0.2.7', APP_URL: 'http://orbita.lan:3000', DEPLOYMENT: '0' });
    expect(opened.ownHostNames).toEqual(new Set(['localhost', '127.0.0.1', '[::1]', 'orbita.lan', '192.0.2.7']));
    expect(parseConfig(DEPLOYMENT_ENV).ownHostNames).toBeUndefined();
  });
});

describe('a request to local mode by another name', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.stop());

  it.each([
    'http://localhost/v1.0/health',
    'http://localhost:3000/v1.0/health',
    'http://127.0.0.1:3000/v1.0/health',
    'http://[::1]:3000/v1.0/health',
    'http://orbita.localhost:3000/v1.0/health',
  ])('is answered at %s', async (url) => {
    expect((await h.app.request(url)).status).toBe(200);
  });

  it.each([
    'http://rebind.evil.example/v1.0/health',
    'http://rebind.evil.example:3000/dev/users',
    'http://192.0.2.2:3000/v1.0/auth/login',
    'http://localhost.evil.example/v1.0/health',
    'http://127.0.0.1.nip.io/v1.0/health',
  ])('is refused at %s, with a sentence and nothing else', async (url) => {
    const response = await h.app.request(url, {
      method: url.includes('/dev/') || url.includes('login') ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json' },
      body: url.includes('/dev/') || url.includes('login') ? JSON.stringify({ email: 'admin@example.com' }) : undefined,
    });
    expect(response.status).toBe(421);
    expect(await response.json()).toEqual({ message: expect.stringContaining('only to its own address') });
  });

  it('says it in Italian too', async () => {
    const response = await h.app.request('http://rebind.evil.example/v1.0/health', {
      headers: { 'accept-language': 'it' },
    });
    expect(await response.json()).toEqual({ message: expect.stringContaining('solo al proprio indirizzo') });
  });
});

describe('a deployment', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { ...DEPLOYMENT_ENV } });
  });
  afterAll(async () => h.stop());

  it('leaves the names to its proxy', async () => {
    expect((await h.app.request('http://orbita-api.internal:3000/v1.0/health')).status).toBe(200);
  });
});

/** This machine's addresses that other machines reach (none on a machine without a network). */
const networkAddresses = Object.values(networkInterfaces())
  .flat()
  .filter((entry) => entry !== undefined && !entry.internal && entry.family === 'IPv4')
  .map((entry) => entry!.address);

describe('the real server in local mode', () => {
  // Ended after the test however it ends: a test that times out leaves its body running.
  let child: ChildProcess | undefined;
  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    }
  });

  it.runIf(networkAddresses.length > 0)(
    'answers on the loopback address and not on the network',
    async () => {
      const port = 3900 + Math.floor(Math.random() * 90);
      child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
          PATH: process.env.PATH,
          PORT: String(port),
          DATA_DIR: 'memory://',
          NODE_ENV: 'test',
          STATIC_DIR: 'none',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const server = child;
      let output = '';
      server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await new Promise<void>((resolve, reject) => {
        server.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('listening on')) resolve();
        });
        server.once('exit', () => reject(new Error(`the server ended: ${output}`)));
      });
      expect(output).toContain('on 127.0.0.1 only');
      expect((await fetch(`http://127.0.0.1:${port}/v1.0/health`)).status).toBe(200);
      // Refused at once when nothing listens there; a silent network counts as not reached.
      const reached = (host: string) =>
        new Promise<boolean>((resolve) => {
          const socket = connect({ host, port, timeout: 3_000 });
          const end = (result: boolean) => {
            socket.destroy();
            resolve(result);
          };
          socket.once('connect', () => end(true));
          socket.once('error', () => end(false));
          socket.once('timeout', () => end(false));
        });
      for (const address of networkAddresses) expect(await reached(address), address).toBe(false);
    },
    // A cold start migrates and seeds an in-memory database: seconds alone, a minute on a busy machine.
    180_000,
  );
});
