import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import * as fields from '../../contract/fields';
import * as operation from '../../contract/operation';
import { createServices, requestContext } from '../app';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { memoryLogger } from '../log';
import { startHarness, type Harness } from '../test/harness';
import type { AppEnv } from './context';
import { handleError } from './error-handler';
import { reply, route } from './operation';

// Operations that exist only here: the admin role and answer checks have no user-facing
// endpoint yet (admin endpoints come later).
const adminOnly = operation.defineOperation({
  method: 'GET',
  path: '/test/admin',
  summary: 'Admins only',
  tag: 'Test',
  access: 'admin',
  responses: { 200: { description: 'Hello.', body: z.object({ hello: z.string() }) }, ...operation.errors(401, 403) },
});

const record = operation.defineOperation({
  method: 'GET',
  path: '/test/records/:id',
  summary: 'A record',
  tag: 'Test',
  access: 'public',
  params: z.object({ id: fields.id() }),
  responses: { 200: { description: 'The record.', body: z.object({ id: z.uuid() }) }, ...operation.errors(404) },
});

const drifting = operation.defineOperation({
  method: 'GET',
  path: '/test/drifting',
  summary: 'Answers off its contract',
  tag: 'Test',
  access: 'public',
  query: z.object({ extra: z.optional(z.string()) }),
  responses: { 200: { description: 'A count.', body: z.object({ count: z.number().check(z.int()) }) } },
});

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

const logs = memoryLogger();

/** A tiny app with the test operations, built like createApp's (same services, errors, context). */
function testApp({ production = false, db }: { production?: boolean; db?: Database } = {}) {
  const s = createServices({ db: db ?? h.db, config: h.config, mailer: h.mailer, clock: h.clock.now, log: logs.log });
  const app = new Hono<AppEnv>();
  app.use(requestContext(s, { checkAnswers: !production }));
  route(app, s, adminOnly, (c) => reply(c, adminOnly, 200, { hello: c.get('user').firstName }));
  route(app, s, record, (c, { params }) => reply(c, record, 200, { id: params.id }));
  route(app, s, drifting, (c, { query }) =>
    // The cast stands for a presenter that drifted: the compiler would refuse it as written.
    reply(
      c,
      drifting,
      200,
      (query.extra ? { count: 1, extra: query.extra } : { count: 'one' }) as unknown as { count: number },
    ),
  );
  app.onError(handleError);
  return app;
}

const get = async (app: Hono<AppEnv>, path: string, token?: string) => {
  const res = await app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: (await res.json()) as unknown };
};

describe('admin access', () => {
  it('answers 401 without a valid token', async () => {
    const app = testApp();
    expect(await get(app, '/test/admin')).toEqual({ status: 401, body: { message: 'Unauthenticated.' } });
    expect((await get(app, '/test/admin', 'not-a-jwt')).status).toBe(401);
  });

  it('answers 403 to a signed-in user without the role', async () => {
    const { accessToken } = await h.signedInUser();
    expect(await get(testApp(), '/test/admin', accessToken)).toEqual({ status: 403, body: { message: 'Forbidden.' } });
  });

  it('lets an admin through', async () => {
    const { accessToken } = await h.signedInUser({ role: 'admin', firstName: 'Ada' });
    expect(await get(testApp(), '/test/admin', accessToken)).toEqual({ status: 200, body: { hello: 'Ada' } });
  });

  it('reads the role fresh: a token issued to an admin stops working once demoted', async () => {
    const admin = await h.signedInUser({ role: 'admin' });
    await h.db.update(users).set({ role: 'user' }).where(eq(users.id, admin.user._id));
    expect((await get(testApp(), '/test/admin', admin.accessToken)).status).toBe(403);
  });
});

describe('path parameters', () => {
  it('answers 404 to a malformed id without asking the database', async () => {
    const noDatabase = new Proxy({} as Database, {
      get() {
        throw new Error('the database was asked');
      },
    });
    const app = testApp({ db: noDatabase });
    for (const bad of ['not-a-uuid', '1', "00000000-0000-4000-8000-00000000000'"]) {
      expect(await get(app, `/test/records/${bad}`)).toEqual({ status: 404, body: { message: 'Not found.' } });
    }
    const good = '00000000-0000-4000-8000-000000000000';
    expect(await get(app, `/test/records/${good}`)).toEqual({ status: 200, body: { id: good } });
  });
});

describe('answers checked against the contract', () => {
  const lastFailure = () =>
    logs.lines().findLast((line) => line.msg === 'request failed') as { err: { message: string } };

  it('refuses, outside production, an answer of the wrong shape', async () => {
    expect(await get(testApp(), '/test/drifting')).toEqual({ status: 500, body: { message: 'Server error.' } });
    expect(lastFailure().err.message).toMatch(/GET \/test\/drifting answered 200 off its contract: count/);
  });

  it('refuses, outside production, fields the contract does not declare', async () => {
    expect((await get(testApp(), '/test/drifting?extra=x')).status).toBe(500);
    expect(lastFailure().err.message).toMatch(/fields the contract does not declare/);
  });

  it('sends the answer as written in production (no cost per request)', async () => {
    expect(await get(testApp({ production: true }), '/test/drifting?extra=x')).toEqual({
      status: 200,
      body: { count: 1, extra: 'x' },
    });
  });
});

// Checked by `npm run typecheck`, never run: reply's body is the contract's type for that status.
function _replyIsTyped(c: Context) {
  // @ts-expect-error `hello` must be a string
  reply(c, adminOnly, 200, { hello: 1 });
  // @ts-expect-error the operation declares no 201
  reply(c, adminOnly, 201, { hello: 'x' });
  // @ts-expect-error a declared body cannot be left out
  reply(c, adminOnly, 200);
  return reply(c, adminOnly, 200, { hello: 'x' });
}
