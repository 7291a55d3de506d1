import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

describe('GET /v1.0/projects', () => {
  it("answers the demo user's seeded projects", async () => {
    const { accessToken } = await h.signIn('demo@example.com', 'Demo1234');
    const res = await h.call('GET', '/v1.0/projects', { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        { _id: expect.any(String), name: 'Espresso Bar Milano', createdAt: expect.any(String), channels: [] },
        { _id: expect.any(String), name: 'Trattoria Roma', createdAt: expect.any(String), channels: [] },
      ],
      meta: { total: 2, currentPage: 1, lastPage: 1 },
    });
  });

  it("shows only the owner's projects", async () => {
    const { accessToken } = await h.signedInUser();
    const res = await h.call('GET', '/v1.0/projects', { token: accessToken });
    expect(res.body).toEqual({ data: [], meta: { total: 0, currentPage: 1, lastPage: 1 } });
  });

  it('pages by 15', async () => {
    const session = await h.signedInUser();
    const names = Array.from({ length: 16 }, (_, i) => `Project ${String(i + 1).padStart(2, '0')}`);
    // One timestamp for all: the name breaks the tie, so the order is fixed.
    const createdAt = new Date(h.clock.now());
    for (const name of names) await h.factories.project({ id: session.user._id }, { name, createdAt });

    const first = await h.call('GET', '/v1.0/projects', { token: session.accessToken });
    expect(first.body.data?.map((p) => p.name)).toEqual(names.slice(0, 15));
    expect(first.body.meta).toEqual({ total: 16, currentPage: 1, lastPage: 2 });

    const second = await h.call('GET', '/v1.0/projects?page=2', { token: session.accessToken });
    expect(second.body.data?.map((p) => p.name)).toEqual(['Project 16']);
    expect(second.body.meta).toEqual({ total: 16, currentPage: 2, lastPage: 2 });

    const beyond = await h.call('GET', '/v1.0/projects?page=3', { token: session.accessToken });
    expect(beyond.body).toEqual({ data: [], meta: { total: 16, currentPage: 3, lastPage: 2 } });
  });

  it.each(['0', '-1', 'abc', '1.5', '', '99999999999'])('answers 422 to page=%s', async (page) => {
    const { accessToken } = await h.signIn('demo@example.com', 'Demo1234');
    const res = await h.call('GET', `/v1.0/projects?page=${page}`, { token: accessToken });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ page: ['The page field must be a whole number of at least 1.'] });
  });

  it('answers 401 without a bearer token', async () => {
    expect((await h.call('GET', '/v1.0/projects')).status).toBe(401);
  });
});

describe('POST /v1.0/projects', () => {
  it('creates a project of the caller, trimmed, listed after', async () => {
    const session = await h.signedInUser();
    const res = await h.call('POST', '/v1.0/projects', {
      token: session.accessToken,
      json: { name: '  Bottega Verde ' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.any(String),
      name: 'Bottega Verde',
      createdAt: expect.any(String),
      channels: [],
    });
    const listed = await h.call('GET', '/v1.0/projects', { token: session.accessToken });
    expect(listed.body.data?.map((p) => p.name)).toEqual(['Bottega Verde']);
    // Nobody else sees it.
    const other = await h.signedInUser();
    expect((await h.call('GET', '/v1.0/projects', { token: other.accessToken })).body.meta?.total).toBe(0);
  });

  it.each([
    [{}, 'The name field is required.'],
    [{ name: '   ' }, 'The name field is required.'],
    [{ name: 'x'.repeat(101) }, 'The name field must not be greater than 100 characters.'],
    [{ name: 'two\nlines' }, 'The name field must not contain control characters.'],
    [{ name: 42 }, 'The name field must be a string.'],
  ])('answers 422 to %j', async (json, message) => {
    const session = await h.signedInUser();
    const res = await h.call('POST', '/v1.0/projects', { token: session.accessToken, json });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ name: [message] });
  });

  it('answers 401 without a bearer token', async () => {
    expect((await h.call('POST', '/v1.0/projects', { json: { name: 'A' } })).status).toBe(401);
  });
});
