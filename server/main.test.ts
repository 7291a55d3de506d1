import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DEPLOYMENT_ENV } from './test/deployment-env';

/**
 * `count` ports on 127.0.0.1 that nothing listens on (they were free a moment ago), each a
 * different one: all are held at once before any is released, since two ports asked for one
 * after the other may be the same.
 */
async function unusedPorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer().listen(0, '127.0.0.1'));
  await Promise.all(servers.map((server) => once(server, 'listening')));
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  for (const server of servers) server.close();
  await Promise.all(servers.map((server) => once(server, 'close')));
  return ports;
}

/** Runs the real entry point with only `env` (and PATH), and collects how it ends. */
async function startServer(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

describe('server/main.ts', () => {
  it('refuses to start a deployment without its settings, naming each one', async () => {
    const { code, output } = await startServer({ NODE_ENV: 'production', DEPLOYMENT: '1', DEV_ENDPOINTS: '1' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration:');
    for (const name of [
      'JWT_SECRET',
      'FACEBOOK_APP_SECRET',
      'TOKEN_ENCRYPTION_KEY',
      'APP_URL',
      'DATABASE_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'DEV_ENDPOINTS',
    ]) {
      expect(output).toMatch(new RegExp(`^  - ${name}: `, 'm'));
    }
    // It stopped before opening anything.
    expect(output).not.toContain('[api] listening');
  });

  // The real entry point loads the whole server first: 10 s and more on a busy machine.
  it(
    'ends a start whose database is unreachable with a sentence naming DATABASE_URL, not a stack',
    { timeout: 60_000 },
    async () => {
      // The database's port, where nothing listens, and one of its own to listen on (the default
      // one is taken while `npm start` runs beside the tests), never the same.
      const [port, listenOn] = await unusedPorts(2);
      const { code, output } = await startServer({
        ...DEPLOYMENT_ENV,
        PORT: String(listenOn),
        NODE_ENV: 'production',
        DATABASE_URL: `postgres://orbita:Secret-pass-9@127.0.0.1:${port}/orbita`,
      });
      expect(code).toBe(1);
      // One JSON line, as everything the server logs once its configuration is read.
      const [line] = output.split('\n').filter((text) => text.includes('"DATABASE_URL"'));
      expect(JSON.parse(line)).toMatchObject({ level: 'error', setting: 'DATABASE_URL', code: 'ECONNREFUSED' });
      expect(JSON.parse(line).msg).toBe(
        `Cannot use the database DATABASE_URL points at (127.0.0.1 port ${port}, database "orbita"): the connection ` +
          `was refused (nothing listens on port ${port} there). Check that PostgreSQL is running and listening on ` +
          'that address, and the host and port in DATABASE_URL.',
      );
      expect(output).not.toContain('Secret-pass-9');
      expect(output).not.toMatch(/^\s+at /m);
      // It listened first (decision 060), and never got ready.
      expect(output).not.toMatch(/"msg":"ready /);
    },
  );
});
