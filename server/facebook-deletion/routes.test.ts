import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as facebookDeletion from '../../contract/facebook-deletion';
import * as sandboxDev from '../../contract/sandbox/dev';
import { facebookDeletionRequests } from '../db/schema';
import { JobQueue } from '../jobs/queue';
import { startHarness, type Harness } from '../test/harness';
import { deleteFacebookData, workFacebookDataDeletion } from './job';
import { metaPayload, signRequest } from './signed-request';

let h: Harness;
/** A second instance's queue on the same database: it runs the jobs the app stored, when told. */
let worker: JobQueue;
const jobErrors: unknown[] = [];
beforeAll(async () => {
  h = await startHarness();
  worker = new JobQueue(h.db, { onError: (error) => jobErrors.push(error) });
  workFacebookDataDeletion(worker, { db: h.db, clock: h.clock.now, log: h.logs.log });
});
afterAll(async () => {
  await worker?.stop();
  await h?.stop();
});
beforeEach(async () => {
  await h.call(sandboxDev.resetRateLimits);
});

const FORM = 'application/x-www-form-urlencoded';
const STATUS_URL = /^http:\/\/app\.test\/facebook-deletion\/([\w-]{32})$/;

const secret = () => h.config.facebookAppSecret;
/** Signed as Meta signs it, issued now (the test's clock). */
const payloadNow = (userId: string) => metaPayload(userId, new Date(h.clock.now()));
const signed = (userId = '10158763219874563') => signRequest(payloadNow(userId), secret());

/** Posts as Meta does: form-encoded. */
function callback(signedRequest: string, options: { ip?: string; headers?: Record<string, string> } = {}) {
  return h.call('POST', '/v1.0/facebook-deletion', {
    raw: new URLSearchParams({ signed_request: signedRequest }).toString(),
    headers: { 'content-type': FORM, ...options.headers },
    ip: options.ip ?? '10.8.0.1',
  });
}

const statusOf = (id: string, headers: Record<string, string> = {}) =>
  h.call(facebookDeletion.showFacebookDeletionStatus, { params: { id }, headers });

/** The status id in a callback's answer. */
function idFrom(body: { url?: unknown }): string {
  const match = STATUS_URL.exec(String(body.url));
  expect(match, String(body.url)).not.toBeNull();
  return match![1]!;
}

const rowsFor = (facebookUserId: string) =>
  h.db.select().from(facebookDeletionRequests).where(eq(facebookDeletionRequests.facebookUserId, facebookUserId));

describe("POST /v1.0/facebook-deletion (Meta's callback)", () => {
  it('records a valid request, answers the status page and a code, and the job deletes', async () => {
    const res = await callback(signed('1001'));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['confirmation_code', 'url']);
    const { confirmation_code: code } = res.body as { confirmation_code: string };
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{12}$/);
    const id = idFrom(res.body as { url: string });

    const [row] = await rowsFor('1001');
    expect(row).toMatchObject({ id, confirmationCode: code, status: 'in_progress', completedAt: null });
    expect(row!.requestedAt.getTime()).toBe(h.clock.now());
    expect((await statusOf(id)).body).toEqual({ deleted: false });

    h.clock.advance(5_000);
    expect(await worker.runPending()).toBe(1);
    expect((await statusOf(id)).body).toEqual({ deleted: true });
    const [done] = await rowsFor('1001');
    expect(done).toMatchObject({ status: 'deleted' });
    expect(done!.completedAt?.getTime()).toBe(h.clock.now());
    expect(await worker.runPending()).toBe(0);
    expect(jobErrors).toEqual([]);
  });

  it('takes JSON too, and any case of the algorithm', async () => {
    const json = await h.call(facebookDeletion.requestFacebookDeletion, { body: { signed_request: signed('1002') } });
    expect(json.status).toBe(200);
    const lower = signRequest({ ...metaPayload('1003'), algorithm: 'hmac-sha256' }, secret());
    expect((await callback(lower)).status).toBe(200);
    // Meta's ids are strings of digits; a whole number is read as one.
    const numeric = signRequest({ ...payloadNow('0'), user_id: 1004 }, secret());
    expect((await callback(numeric)).status).toBe(200);
    expect(await rowsFor('1004')).toHaveLength(1);
  });

  it('gives every request its own long, random status id and code', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => callback(signed(`1005${i}`))));
    const ids = answers.map((answer) => idFrom(answer.body as { url: string }));
    const codes = answers.map((answer) => (answer.body as { confirmation_code: string }).confirmation_code);
    expect(new Set(ids).size).toBe(5);
    expect(new Set(codes).size).toBe(5);
    for (const id of ids) {
      // 32 base64url characters are 24 random bytes: 192 bits, nothing to count up from.
      expect(Buffer.from(id, 'base64url')).toHaveLength(24);
    }
    // Not one of our record ids (UUIDs) either, nor anything that sorts by time.
    expect(ids.some((id) => /^[0-9a-f-]{32}$/.test(id))).toBe(false);
    for (let i = 0; i < 5; i += 1) expect(await rowsFor(`1005${i}`)).toHaveLength(1);
  });

  describe('a repeated request starts nothing new', () => {
    // Each test counts the jobs its requests queue: none left from before.
    beforeEach(async () => {
      await worker.runPending();
    });

    it('the same signed request posted again answers the first request, with one row and one job', async () => {
      const signedRequest = signed('1101');
      const first = await callback(signedRequest);
      h.clock.advance(10 * 60_000);
      const again = await callback(signedRequest);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await rowsFor('1101')).toHaveLength(1);
      expect(await worker.runPending()).toBe(1);
      expect(await worker.runPending()).toBe(0);
    });

    it('posted many times at once, it records one request', async () => {
      const signedRequest = signed('1102');
      const answers = await Promise.all(Array.from({ length: 6 }, () => callback(signedRequest)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
      expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
      expect(await rowsFor('1102')).toHaveLength(1);
      expect(await worker.runPending()).toBe(1);
    });

    it('a newly signed request for the same user within the hour is the same request', async () => {
      const first = await callback(signed('1103'));
      h.clock.advance(30 * 60_000);
      const second = await callback(signed('1103'));
      expect(second.body).toEqual(first.body);
      expect(await rowsFor('1103')).toHaveLength(1);
      await worker.runPending();
    });

    it('a request issued more than an hour ago is refused, and a new one past the hour is a new request', async () => {
      const first = await callback(signed('1104'));
      const copy = signed('1104');
      h.clock.advance(61 * 60_000);
      const replayed = await callback(copy);
      expect(replayed.status).toBe(422);
      expect(replayed.body.errors?.signed_request).toEqual([
        'The signed request is not a current one: its issued_at is missing, more than an hour old, or ahead of now.',
      ]);
      const fresh = await callback(signed('1104'));
      expect(fresh.status).toBe(200);
      expect(fresh.body).not.toEqual(first.body);
      expect(await rowsFor('1104')).toHaveLength(2);
      await worker.runPending();
    });
  });

  describe('refuses, with a 422 naming the problem, and records nothing', () => {
    const payload = Buffer.from(JSON.stringify(metaPayload('2001'))).toString('base64url');
    const otherSecret = 'f'.repeat(32);
    const stale =
      'The signed request is not a current one: its issued_at is missing, more than an hour old, or ahead of now.';
    const cases: Array<[string, () => string, string]> = [
      [
        'a forged signature',
        () => signRequest(metaPayload('2001'), otherSecret),
        "The signed request's signature does not match: it was not signed with this app's secret.",
      ],
      [
        'a tampered payload',
        () =>
          `${signed('2001').split('.')[0]}.${Buffer.from(JSON.stringify(metaPayload('2002'))).toString('base64url')}`,
        "The signed request's signature does not match: it was not signed with this app's secret.",
      ],
      [
        'no signature',
        () => `.${payload}`,
        'The signed request must be a signature and a JSON payload, each base64url-encoded, joined by a dot.',
      ],
      [
        'a short signature',
        () => `AAAA.${payload}`,
        "The signed request's signature does not match: it was not signed with this app's secret.",
      ],
      [
        'a wrong algorithm',
        () => signRequest({ ...metaPayload('2001'), algorithm: 'HMAC-SHA1' }, secret()),
        'The signed request must be signed with HMAC-SHA256.',
      ],
      [
        'no algorithm',
        () => signRequest({ user_id: '2001' }, secret()),
        'The signed request must be signed with HMAC-SHA256.',
      ],
      [
        'no user_id',
        () => signRequest({ algorithm: 'HMAC-SHA256', issued_at: 1 }, secret()),
        'The signed request names no Facebook user (user_id).',
      ],
      ['no issued_at', () => signRequest({ algorithm: 'HMAC-SHA256', user_id: '2001' }, secret()), stale],
      [
        'an issued_at that is not a number',
        () => signRequest({ ...payloadNow('2001'), issued_at: 'now' }, secret()),
        stale,
      ],
      [
        'an issued_at more than an hour old',
        () => signRequest(metaPayload('2001', new Date(h.clock.now() - 61 * 60_000)), secret()),
        stale,
      ],
      [
        'an issued_at ahead of now',
        () => signRequest(metaPayload('2001', new Date(h.clock.now() + 60 * 60_000)), secret()),
        stale,
      ],
      [
        'an empty user_id',
        () => signRequest(metaPayload(''), secret()),
        'The signed request names no Facebook user (user_id).',
      ],
      [
        'a user_id that is not an id',
        () => signRequest(metaPayload('1; drop table users'), secret()),
        'The signed request names no Facebook user (user_id).',
      ],
      [
        'garbage',
        () => 'garbage',
        'The signed request must be a signature and a JSON payload, each base64url-encoded, joined by a dot.',
      ],
      [
        'three parts',
        () => `${signed()}.x`,
        'The signed request must be a signature and a JSON payload, each base64url-encoded, joined by a dot.',
      ],
      [
        'characters outside base64url',
        () => `ab+/.${payload}`,
        'The signed request must be a signature and a JSON payload, each base64url-encoded, joined by a dot.',
      ],
      ['an empty value', () => '', 'The signed request field is required.'],
      [
        'an over-long value',
        () => `${'a'.repeat(3000)}.${payload}`,
        'The signed request field must not be greater than 2048 characters.',
      ],
    ];

    it.each(cases)('%s', async (_, make, expected) => {
      const before = (await h.db.select().from(facebookDeletionRequests)).length;
      const res = await callback(make(), { ip: '10.8.1.1' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ message: 'The given data was invalid.', errors: { signed_request: [expected] } });
      expect(await h.db.select().from(facebookDeletionRequests)).toHaveLength(before);
    });

    it('a correctly signed payload that is not JSON', async () => {
      const part = Buffer.from('not json').toString('base64url');
      const signature = createHmac('sha256', secret()).update(part).digest('base64url');
      const res = await callback(`${signature}.${part}`);
      expect(res.status).toBe(422);
      expect(res.body.errors?.signed_request).toEqual([
        'The signed request must be a signature and a JSON payload, each base64url-encoded, joined by a dot.',
      ]);
      const array = Buffer.from('[1,2]').toString('base64url');
      const arraySigned = createHmac('sha256', secret()).update(array).digest('base64url');
      expect((await callback(`${arraySigned}.${array}`)).status).toBe(422);
    });

    it('in Italian when asked', async () => {
      const res = await callback(signRequest(metaPayload('2001'), otherSecret), {
        headers: { 'accept-language': 'it' },
      });
      expect(res.body).toEqual({
        message: 'I dati forniti non sono validi.',
        errors: {
          signed_request: [
            'La firma della richiesta firmata non corrisponde: non è stata apposta con il segreto di questa app.',
          ],
        },
      });
    });
  });

  it('refuses a missing field, other bodies and huge ones with 4xx and a message', async () => {
    const post = (raw: string | undefined, type?: string) =>
      h.call('POST', '/v1.0/facebook-deletion', { raw, headers: type ? { 'content-type': type } : {}, ip: '10.8.2.1' });
    const empty = await post(undefined);
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ signed_request: ['The signed request field is required.'] });
    expect((await post('other=1', FORM)).body.errors).toEqual({
      signed_request: ['The signed request field is required.'],
    });
    expect((await post('{"signed_request": 12}', 'application/json')).body.errors).toEqual({
      signed_request: ['The signed request field must be a string.'],
    });
    const text = await post(`signed_request=${signed()}`, 'text/plain');
    expect(text.status).toBe(415);
    expect(text.body).toEqual({
      message: 'Content-Type must be application/x-www-form-urlencoded or application/json.',
    });
    const malformed = await post('{"signed_request": ', 'application/json');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'Malformed JSON body.' });
    const huge = await post(`signed_request=${'a'.repeat(20_000)}`, FORM);
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: 'Request body too large.' });
    const streamed = await h.call('POST', '/v1.0/facebook-deletion', {
      raw: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('a'.repeat(1024)));
          controller.close();
        },
      }),
      headers: { 'content-type': FORM },
      ip: '10.8.2.1',
    });
    expect(streamed.status).toBe(413);
  });

  it('lets an address be refused 30 times, then makes it wait; Meta is never held back', async () => {
    for (let i = 0; i < 30; i++) expect((await callback('forged', { ip: '10.8.3.1' })).status).toBe(422);
    const refused = await callback(signed('3001'), { ip: '10.8.3.1' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(refused.body).toEqual({ message: 'Too many attempts. Try again in 10 seconds.' });
    // Accepted requests are given back: any number of them from one address go through.
    for (let i = 0; i < 40; i++) expect((await callback(signed(`31${i}`), { ip: '10.8.3.2' })).status).toBe(200);
  });

  it('never logs the Facebook user id', async () => {
    const res = await callback(signed('98765432123456789'));
    await worker.runPending();
    expect(res.status).toBe(200);
    expect(h.logs.text()).toContain(idFrom(res.body as { url: string }));
    expect(h.logs.text()).not.toContain('98765432123456789');
  });
});

describe('the deletion job', () => {
  it('does nothing to a request already deleted, nor to one that is gone', async () => {
    const id = idFrom((await callback(signed('4001'))).body as { url: string });
    await worker.runPending();
    const [first] = await rowsFor('4001');
    h.clock.advance(60_000);
    const deps = { db: h.db, clock: h.clock.now, log: h.logs.log };
    await deleteFacebookData(deps, { requestId: id });
    await deleteFacebookData(deps, { requestId: 'no-such-request-no-such-request0' });
    expect((await rowsFor('4001'))[0]!.completedAt).toEqual(first!.completedAt);
    await expect(deleteFacebookData(deps, { nonsense: true })).rejects.toThrow();
  });
});

describe('GET /v1.0/facebook-deletion/:id', () => {
  it.each([
    ['an unknown id', 'A'.repeat(32)],
    ['a short id', 'abc'],
    ['a long id', 'x'.repeat(300)],
    ['a NUL', '%00'],
    ['a path', '..%2F..%2Fetc%2Fpasswd'],
    ['a UUID', '00000000-0000-4000-8000-000000000000'],
  ])('answers 404 to %s, in the caller language', async (_, id) => {
    const res = await statusOf(id);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No data-deletion request has this status id.' });
    const italian = await statusOf(id, { 'accept-language': 'it' });
    expect(italian.body).toEqual({ message: 'Nessuna richiesta di cancellazione dei dati ha questo codice di stato.' });
  });
});

describe('POST /dev/facebook/signed-request', () => {
  it('signs a request the callback accepts', async () => {
    const res = await h.call(sandboxDev.signFacebookRequest, { body: { user_id: '5001' } });
    expect(res.status).toBe(200);
    const signedRequest = res.body.signed_request;
    const payload = JSON.parse(Buffer.from(signedRequest.split('.')[1]!, 'base64url').toString()) as unknown;
    expect(payload).toEqual({ algorithm: 'HMAC-SHA256', issued_at: Math.floor(h.clock.now() / 1000), user_id: '5001' });
    expect((await callback(signedRequest)).status).toBe(200);
    expect(await rowsFor('5001')).toHaveLength(1);
  });

  it('wants a Facebook user id', async () => {
    const missing = await h.call('POST', '/dev/facebook/signed-request', { json: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ user_id: ['The Facebook user id field is required.'] });
    const bad = await h.call(sandboxDev.signFacebookRequest, { body: { user_id: 'a b' } });
    expect(bad.body.errors).toEqual({ user_id: ['The Facebook user id field is invalid.'] });
  });
});
