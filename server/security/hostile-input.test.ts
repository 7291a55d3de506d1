import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import * as authContract from '../../contract/auth';
import { OPERATIONS } from '../../contract/operations';
import { SANDBOX_OPERATIONS } from '../../contract/sandbox/operations';
import type { Operation } from '../../contract/operation';
import { comments } from '../db/schema';
import { startHarness, type Harness } from '../test/harness';
import { signatureOf } from '../webhooks/routes';

/**
 * Every endpoint of the contract, fed what an attacker would send: malformed JSON, wrong types,
 * NUL and control characters, oversized fields, prototype keys, hostile path and query values.
 * Whatever the answer, it is never a 5xx (and never a stack trace).
 */
let h: Harness;
let tokens: Record<'user' | 'admin', string>;
beforeAll(async () => {
  h = await startHarness();
  tokens = {
    user: (await h.signedInUser()).accessToken,
    admin: (await h.signedInUser({ role: 'admin' })).accessToken,
  };
});
afterAll(() => h?.stop());

const HOSTILE_STRINGS = [
  'a\u0000b',
  'line\nbreak',
  '\u001b[31mred',
  '\u0085next-line',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '\ud800',
  'x'.repeat(5_000),
];
const WRONG_TYPES: unknown[] = [12345, -1.5, true, null, [], ['a'], {}, { $gt: '' }];
const HOSTILE_PATH_VALUES = [
  '%00',
  '%00%0A%5Bapi%5D%20FORGED',
  'x'.repeat(300),
  '..%2F..%2Fetc%2Fpasswd',
  '%E0%A4%A',
  '%25',
  ' ',
];
const HOSTILE_QUERY_VALUES = [
  '%00',
  '-1',
  '0',
  '1e309',
  'x'.repeat(2_000),
  '%0A%7B%7D',
  // Cursors that have the shape of one and name no possible row: a date that does not exist, an
  // id that is no UUID, a year PostgreSQL does not have.
  `2030-02-30T00:00:00Z_${'0'.repeat(36)}`,
  `2030-01-01T00:00:00Z_${'-'.repeat(36)}`,
  '2030-13-45T25:61:61.999999Z_00000000-0000-4000-8000-000000000000',
  '0000-01-01T00:00:00Z_00000000-0000-4000-8000-000000000000',
];

function fieldsOf(schema: z.core.$ZodObject | undefined): string[] {
  return schema ? Object.keys(schema._zod.def.shape) : [];
}

function paramsOf(op: Operation): string[] {
  return [...op.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
}

/** The operation's path with each parameter set to a harmless value, or `value` for `hostile`. */
function pathFor(op: Operation, hostile?: string, value?: string): string {
  return op.path.replace(/:(\w+)/g, (_, name: string) =>
    name === hostile ? value! : name === 'id' ? '00000000-0000-4000-8000-000000000000' : 'x',
  );
}

type HostileRequest = { label: string; path: string; raw?: string; json?: unknown; headers?: Record<string, string> };

const HOSTILE_HEADERS: Array<Record<string, string>> = [
  { authorization: 'Bearer a.b.c d.e.f' },
  { authorization: `Bearer ${'x'.repeat(8_000)}` },
  { authorization: 'Basic YWRtaW46YWRtaW4=' },
  { cookie: `refresh_token=${'%00'.repeat(100)}; refresh_token=x` },
  { 'accept-language': 'it;q=abc, ;;;, *;q=-1' },
  { 'content-type': 'application/json; charset=utf-16' },
];

function requests(op: Operation): HostileRequest[] {
  const list: HostileRequest[] = [];
  const path = pathFor(op);
  for (const headers of HOSTILE_HEADERS) list.push({ label: `headers ${Object.keys(headers)[0]}`, path, headers });
  if (op.body) {
    const fields = fieldsOf(op.body);
    list.push({ label: 'malformed JSON', path, raw: '{"email": "a@b.co", ' });
    list.push({ label: 'a JSON array', path, json: [1, 2] });
    list.push({ label: 'a JSON string', path, json: 'hello' });
    list.push({
      label: 'prototype keys',
      path,
      raw: '{"__proto__": {"role": "admin"}, "constructor": {"prototype": {"role": "admin"}}, "toString": 1}',
    });
    list.push({
      label: 'a body over 16 KiB',
      path,
      json: Object.fromEntries(fields.map((f) => [f, 'x'.repeat(20_000)])),
    });
    for (const field of fields) {
      for (const value of [...HOSTILE_STRINGS, ...WRONG_TYPES]) {
        list.push({ label: `${field} = ${JSON.stringify(value).slice(0, 30)}`, path, json: { [field]: value } });
      }
    }
  }
  for (const param of paramsOf(op)) {
    for (const value of HOSTILE_PATH_VALUES) {
      list.push({ label: `:${param} = ${value.slice(0, 30)}`, path: pathFor(op, param, value) });
    }
  }
  for (const field of fieldsOf(op.query)) {
    for (const value of HOSTILE_QUERY_VALUES) {
      list.push({ label: `?${field}=${value.slice(0, 30)}`, path: `${path}?${field}=${value}&${field}=2` });
    }
  }
  return list;
}

describe.each([...OPERATIONS, ...SANDBOX_OPERATIONS].map((op) => [`${op.method} ${op.path}`, op] as const))(
  '%s under hostile input',
  (_, op) => {
    it('never answers 5xx, nor with a stack trace', async () => {
      const token = op.access === 'user' || op.access === 'admin' ? tokens[op.access] : undefined;
      const failures: string[] = [];
      for (const request of requests(op)) {
        const headers: Record<string, string> = {
          ...(request.raw !== undefined ? { 'content-type': 'application/json' } : {}),
          ...request.headers,
        };
        // A hostile Authorization header replaces the valid token.
        const auth = headers.authorization ? undefined : token;
        const res = await h.call(op.method, request.path, {
          json: request.json,
          raw: request.raw,
          headers,
          token: auth,
        });
        const text = JSON.stringify(res.body);
        if (res.status >= 500 || /\bat \S+:\d+|node_modules|SELECT |INSERT /.test(text)) {
          failures.push(`${request.label}: ${res.status} ${text.slice(0, 120)}`);
        }
      }
      expect(failures).toEqual([]);
    });
  },
);

describe('control characters in free text', () => {
  it.each(['a\u0000b', 'a\nb', 'tab\there', '\u001b[2J', 'a\u2028b', 'para\u2029graph', '\u202egnp.exe', 'a\u2066b'])(
    'are refused in a name with a 422 naming the field: %j',
    async (name) => {
      const res = await h.call(authContract.register, {
        body: { firstName: name, lastName: 'Lee', email: `cc-${Math.random()}@example.test`, password: 'Valid-Pass1' },
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toEqual(['firstName']);
      expect(res.body.errors?.firstName?.[0]).toBe('The first name field must not contain control characters.');
    },
  );

  it.each(['\u200b', '\u200b \u200b', '\u2060', '\u00ad', '\ufeff'])(
    'a name that shows nothing is refused as missing: %j',
    async (name) => {
      const res = await h.call(authContract.register, {
        body: { firstName: name, lastName: 'Lee', email: `zw-${Math.random()}@example.test`, password: 'Valid-Pass1' },
      });
      expect(res.status).toBe(422);
      expect(res.body.errors?.firstName).toEqual(['The first name field is required.']);
    },
  );

  it('a name with a joiner inside it, as an emoji has, is taken', async () => {
    const res = await h.call(authContract.register, {
      body: {
        firstName: 'Ann 👩\u200d💻',
        lastName: 'Lee',
        email: `zj-${Math.random()}@example.test`,
        password: 'Valid-Pass1',
      },
    });
    expect(res.status).toBe(201);
  });

  it('in a path code: no such coupon', async () => {
    expect((await h.call('GET', '/v1.0/coupons/%00')).status).toBe(404);
    expect((await h.call('GET', '/v1.0/coupons/%00%0A%5Bapi%5D%20FORGED')).status).toBe(404);
  });
});

/**
 * Meta's webhook, signed: what Meta sends is read as it comes (a shape the job does not know is
 * skipped), so a delivery whose values are hostile is answered without a 5xx, and applying it
 * never fails the batch it is in: the comments around it still arrive.
 */
describe('signed webhook deliveries under hostile input', () => {
  it('answers each without a 5xx, and the batch they are in still applies', async () => {
    const pageId = '290000000000001';
    const { row: owner } = await h.factories.user();
    const channel = await h.factories.channel(owner, { kind: 'facebook-page', externalId: pageId });
    const comment = (value: Record<string, unknown>, time: unknown = 1_800_000_000) => ({
      object: 'page',
      entry: [{ id: pageId, time, changes: [{ field: 'feed', value: { item: 'comment', verb: 'add', ...value } }] }],
    });
    const deliveries: unknown[] = [
      ...HOSTILE_STRINGS.map((text, n) =>
        comment({ comment_id: `${pageId}_h${n}`, message: text, from: { id: text, name: text } }),
      ),
      ...HOSTILE_STRINGS.map((text) => comment({ comment_id: text, message: 'id' })),
      ...HOSTILE_STRINGS.map((text, n) =>
        comment({ comment_id: `${pageId}_p${n}`, parent_id: text, message: 'reply' }),
      ),
      ...WRONG_TYPES.map((value) => comment({ comment_id: `${pageId}_w`, message: value, created_time: value })),
      ...[Number.MAX_VALUE, -1, 0, 1e20, 'soon', null].map((time) =>
        comment({ comment_id: `${pageId}_t`, message: 't' }, time),
      ),
      { object: 'page', entry: [{ id: pageId, time: 1, changes: [{ field: 'feed', value: null }] }] },
      {
        object: 'instagram',
        entry: [{ id: pageId, time: 1, changes: [{ field: 'comments', value: { id: 'a\u0000' } }] }],
      },
      { object: '__proto__', entry: [{ id: pageId, time: 1, changes: [{ field: 'constructor', value: {} }] }] },
      comment({ comment_id: `${pageId}_fine`, message: 'Still arrives', from: { id: '1', name: 'Fine Person' } }),
    ];
    const failures: string[] = [];
    for (const delivery of deliveries) {
      const raw = JSON.stringify(delivery);
      const res = await h.call('POST', '/webhooks/facebook', {
        raw,
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': signatureOf(raw, h.config.facebookAppSecret),
        },
      });
      if (res.status >= 500 || /\bat \S+:\d+|node_modules|SELECT |INSERT /.test(JSON.stringify(res.body))) {
        failures.push(`${raw.slice(0, 80)}: ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
    // Replies to parents that never come wait for a retry (the job says so); nothing else fails.
    await h.runJobs().catch((error: Error) => expect(error.message).toMatch(/wait for their parent/));
    const rows = await h.db.select().from(comments).where(eq(comments.channelId, channel.id));
    expect(rows.map((row) => row.message)).toContain('Still arrives');
    for (const row of rows) expect(row.message + row.authorName + row.externalId).not.toContain('\u0000');
  });
});
