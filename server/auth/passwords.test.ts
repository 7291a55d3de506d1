import { describe, expect, it } from 'vitest';
import { createPasswordPool } from './password-pool';
import { createPasswordHasher, hashPassword, verifyPassword } from './passwords';

// Cheap parameters keep this file fast; the format and checks are the same.
const fast = { N: 1024, r: 8, p: 1 };

describe('passwords', () => {
  it('verifies the right password only', async () => {
    const hash = await hashPassword('Passw0rd!', fast);
    expect(await verifyPassword('Passw0rd!', hash)).toBe(true);
    expect(await verifyPassword('passw0rd!', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash and keeps its parameters in it', async () => {
    const [a, b] = await Promise.all([hashPassword('same', fast), hashPassword('same', fast)]);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[\w-]+\$[\w-]+$/);
  });

  it('uses the default parameters unless told otherwise', async () => {
    expect(await hashPassword('x')).toMatch(/^scrypt\$16384\$8\$5\$/);
  });

  it('refuses malformed or absurd hashes instead of throwing', async () => {
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$999999999$8$1$c2FsdA$a2V5')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1024$8$1$c2FsdA$a2V5')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1000$8$1$c2FsdA$a2V5')).toBe(false);
  });

  it('treats canonically equal Unicode the same', async () => {
    const hash = await hashPassword('Caf\u00e9Pass1', fast);
    expect(await verifyPassword('Cafe\u0301Pass1', hash)).toBe(true);
  });

  it('hashes with its own parameters, verifies any, and has a dummy check that always fails', async () => {
    const hasher = createPasswordHasher(fast);
    const hash = await hasher.hash('Passw0rd!');
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await hasher.verify('Passw0rd!', hash)).toBe(true);
    expect(await hasher.verify('Passw0rd!', await hashPassword('Passw0rd!', { N: 2048, r: 4, p: 2 }))).toBe(true);
    expect(await hasher.verifyUnknown('Passw0rd!')).toBe(false);
  });
});

describe('the password threads', () => {
  it("leave libuv's thread pool free: a JWT-style HMAC is not queued behind a burst of hashes", async () => {
    const order: string[] = [];
    // Eight production-cost hashes: on libuv's 4 threads they would hold every thread twice over.
    const hashes = Array.from({ length: 8 }, () => hashPassword('Passw0rd!').then(() => order.push('hash')));
    const key = await crypto.subtle.importKey('raw', new Uint8Array(32), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    await crypto.subtle.sign('HMAC', key, new TextEncoder().encode('payload')).then(() => order.push('hmac'));
    await Promise.all(hashes);
    expect(order[0]).toBe('hmac');
  });

  it('refuse at once what exceeds the queue, rather than queueing without bound', async () => {
    const pool = createPasswordPool({ size: 1, maxQueue: 2 });
    const salt = Buffer.alloc(16);
    const params = { N: 1024, r: 8, p: 1 };
    const jobs = Array.from({ length: 5 }, () =>
      pool.derive('x', salt, params, 32).then(
        () => 'done',
        (e: Error) => e.name,
      ),
    );
    const outcomes = await Promise.all(jobs);
    await pool.close();
    // One running, two waiting; the last two refused.
    expect(outcomes).toEqual(['done', 'done', 'done', 'PasswordPoolBusy', 'PasswordPoolBusy']);
  });
});
