import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';

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
});
