import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as projects from '../../contract/projects';
import type { Project } from '../../contract/projects';
import * as operations from '../../contract/operations';
import { OPERATIONS } from '../../contract/operations';
import { channels, projectChannels } from '../db/schema';
import { startHarness, type Harness } from '../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

describe('GET /v1.0/projects', () => {
  it("answers the demo user's seeded projects", async () => {
    const { accessToken } = await h.signIn('demo@example.com', 'Demo1234');
    const res = await h.call(projects.listProjects, { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 2, currentPage: 1, lastPage: 1 });
    const [cafe, trattoria] = res.body.data;
    // Each with the channels it follows, by kind then name, and their comments counted by sentiment.
    expect(cafe).toMatchObject({ name: 'Espresso Bar Milano' });
    expect(cafe!.channels.map((channel) => `${channel.type}: ${channel.name}`)).toEqual([
      'facebook-ad-account: Espresso Bar Milano Ads',
      'facebook-page: Espresso Bar Milano',
      'instagram-account: espressobarmilano',
    ]);
    expect(trattoria!.channels.map((channel) => channel.name)).toEqual(['Trattoria Roma Group']);
    const total = (project: Project) => Object.values(project.commentCounts).reduce((sum, n) => sum + n, 0);
    expect(total(cafe!)).toBeGreaterThan(100);
    expect(total(trattoria!)).toBeGreaterThan(10);
    expect(Object.keys(cafe!.commentCounts).sort()).toEqual([
      'MIXED',
      'NEGATIVE',
      'NEUTRAL',
      'POSITIVE',
      'UNCLASSIFIED',
    ]);
  });

  it("shows only the owner's projects", async () => {
    const { accessToken } = await h.signedInUser();
    const res = await h.call(projects.listProjects, { token: accessToken });
    expect(res.body).toEqual({ data: [], meta: { total: 0, currentPage: 1, lastPage: 1 } });
  });

  it('pages by 15', async () => {
    const session = await h.signedInUser();
    const names = Array.from({ length: 16 }, (_, i) => `Project ${String(i + 1).padStart(2, '0')}`);
    // One timestamp for all: the name breaks the tie, so the order is fixed.
    const createdAt = new Date(h.clock.now());
    for (const name of names) await h.factories.project({ id: session.user._id }, { name, createdAt });

    const first = await h.call(projects.listProjects, { token: session.accessToken });
    expect(first.body.data?.map((p) => p.name)).toEqual(names.slice(0, 15));
    expect(first.body.meta).toEqual({ total: 16, currentPage: 1, lastPage: 2 });

    const second = await h.call(projects.listProjects, { query: { page: '2' }, token: session.accessToken });
    expect(second.body.data?.map((p) => p.name)).toEqual(['Project 16']);
    expect(second.body.meta).toEqual({ total: 16, currentPage: 2, lastPage: 2 });

    const beyond = await h.call(projects.listProjects, { query: { page: '3' }, token: session.accessToken });
    expect(beyond.body).toEqual({ data: [], meta: { total: 16, currentPage: 3, lastPage: 2 } });
  });

  it.each(['0', '-1', 'abc', '1.5', '', '99999999999'])('answers 422 to page=%s', async (page) => {
    const { accessToken } = await h.signIn('demo@example.com', 'Demo1234');
    const res = await h.call('GET', `/v1.0/projects?page=${page}`, { token: accessToken });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ page: ['The page field must be a whole number of at least 1.'] });
  });

  it('answers 401 without a bearer token', async () => {
    expect((await h.call(projects.listProjects)).status).toBe(401);
  });
});

describe('POST /v1.0/projects', () => {
  it('creates a project of the caller, trimmed, listed after', async () => {
    const session = await h.signedInUser();
    const res = await h.call(projects.createProject, {
      token: session.accessToken,
      body: { name: '  Bottega Verde ' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      _id: expect.any(String),
      name: 'Bottega Verde',
      createdAt: expect.any(String),
      channels: [],
      commentCounts: { POSITIVE: 0, MIXED: 0, NEGATIVE: 0, NEUTRAL: 0, UNCLASSIFIED: 0 },
    });
    const listed = await h.call(projects.listProjects, { token: session.accessToken });
    expect(listed.body.data?.map((p) => p.name)).toEqual(['Bottega Verde']);
    // Nobody else sees it.
    const other = await h.signedInUser();
    expect((await h.call(projects.listProjects, { token: other.accessToken })).body.meta?.total).toBe(0);
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
    expect((await h.call(projects.createProject, { body: { name: 'A' } })).status).toBe(401);
  });
});

describe('one project: show, rename, delete', () => {
  it('shows and renames a project of the caller (trimmed, validated; text kept as text)', async () => {
    const session = await h.signedInUser();
    const project = await h.factories.project({ id: session.user._id }, { name: 'Bottega' });
    const shown = await h.call(projects.showProject, { params: { id: project.id }, token: session.accessToken });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ _id: project.id, name: 'Bottega', channels: [] });

    const renamed = await h.call(projects.renameProject, {
      params: { id: project.id },
      token: session.accessToken,
      body: { name: '  Bottega <b>Verde</b> ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ _id: project.id, name: 'Bottega <b>Verde</b>' });

    for (const name of ['', '   ', 'x'.repeat(300)]) {
      const refused = await h.call(projects.renameProject, {
        params: { id: project.id },
        token: session.accessToken,
        body: { name },
      });
      expect(refused.status, name).toBe(422);
      expect(Object.keys(refused.body.errors ?? {})).toEqual(['name']);
    }
    expect(
      (await h.call('PATCH', `/v1.0/projects/${project.id}`, { token: session.accessToken, json: {} })).status,
    ).toBe(422);
  });

  it('deletes a project: its channel list goes, the channels stay; a TikTok user only it followed goes too', async () => {
    const session = await h.signedInUser();
    const owner = { id: session.user._id };
    const kept = await h.factories.project(owner, { name: 'Kept' });
    const gone = await h.factories.project(owner, { name: 'Gone' });
    const [page, sharedTiktok, ownTiktok] = await h.db
      .insert(channels)
      .values([
        { ownerId: owner.id, kind: 'facebook-page', externalId: 'p1', name: 'Page' },
        { ownerId: owner.id, kind: 'tiktok-user', externalId: 't1', name: 'Shared TikTok' },
        { ownerId: owner.id, kind: 'tiktok-user', externalId: 't2', name: 'Own TikTok' },
      ])
      .returning();
    await h.db.insert(projectChannels).values([
      { projectId: gone.id, channelId: page!.id },
      { projectId: gone.id, channelId: sharedTiktok!.id },
      { projectId: gone.id, channelId: ownTiktok!.id },
      { projectId: kept.id, channelId: sharedTiktok!.id },
    ]);

    const deleted = await h.call(projects.deleteProject, { params: { id: gone.id }, token: session.accessToken });
    expect(deleted.status).toBe(204);
    expect((await h.call(projects.showProject, { params: { id: gone.id }, token: session.accessToken })).status).toBe(
      404,
    );
    const left = (await h.db.select().from(channels)).filter((row) => row.ownerId === owner.id).map((row) => row.name);
    expect(left.sort()).toEqual(['Page', 'Shared TikTok']);
    const listed = await h.call(projects.listProjects, { token: session.accessToken });
    expect(listed.body.data?.map((project) => project.name)).toEqual(['Kept']);
  });
});

describe("another user's project", () => {
  /** A valid body for each project-scoped operation that takes one: a new one must be added here. */
  const BODIES: Record<string, unknown> = {
    renameProject: { name: 'Taken over' },
    attachChannel: { channelId: randomUUID() },
    updateProjectComment: { isBookmarked: true },
    replyToProjectComment: { message: 'Taken over', attemptId: randomUUID() },
    createInboxRule: { name: 'Taken over', words: 'spam', actions: ['hide'] },
    updateInboxRule: { name: 'Taken over', words: 'spam', actions: ['hide'] },
    previewInboxRule: { name: 'Taken over', words: 'spam', actions: ['hide'] },
  };
  /** The project in the first parameter, any other parameter an id that exists nowhere. */
  const fill = (path: string, projectId: string) =>
    path.replace(/:\w+/, projectId).replace(/:\w+/g, () => randomUUID());

  it('is not found at every project-scoped endpoint, and nothing of it changes', async () => {
    const owner = await h.signedInUser();
    const stranger = await h.signedInUser();
    const project = await h.factories.project({ id: owner.user._id }, { name: 'Private' });
    const scoped = OPERATIONS.filter((op) => /^\/v1\.0\/projects\/:\w+/.test(op.path));
    expect(scoped.map((op) => operations.operationName(op)).sort()).toEqual([
      'attachChannel',
      'authorizeLinkedInOrganization',
      'authorizeTiktokUser',
      'createInboxRule',
      'createReportLink',
      'deleteInboxRule',
      'deleteProject',
      'deleteProjectComment',
      'detachChannel',
      'listInboxRules',
      'listProjectComments',
      'listProjectTiktokUsers',
      'previewInboxRule',
      'projectSentimentSummary',
      'renameProject',
      'replyToProjectComment',
      'restartTiktokImport',
      'revokeReportLink',
      'showProject',
      'showReportLink',
      'updateInboxRule',
      'updateProjectComment',
    ]);
    for (const op of scoped) {
      const path = fill(op.path, project.id);
      const body = op.body ? BODIES[operations.operationName(op)!] : undefined;
      if (op.body) expect(body, `a body for ${operations.operationName(op)!}`).toBeDefined();
      const answer = await h.call(op.method, path, { token: stranger.accessToken, json: body });
      expect(answer.status, `${op.method} ${op.path}`).toBe(404);
      expect(answer.text, `${op.method} ${op.path}`).not.toContain('Private');
      // An id that is no id at all is not found either.
      const malformed = await h.call(op.method, fill(op.path, 'not-an-id'), {
        token: owner.accessToken,
        json: body,
      });
      expect(malformed.status, `${op.method} ${op.path} with a malformed id`).toBe(404);
    }
    const still = await h.call(projects.showProject, { params: { id: project.id }, token: owner.accessToken });
    expect(still.body).toMatchObject({ name: 'Private' });
  });
});

describe("a project's channels", () => {
  it("attaches the caller's own channels (once), never another user's, and detaches them", async () => {
    const session = await h.signedInUser();
    const stranger = await h.signedInUser();
    const project = await h.factories.project({ id: session.user._id }, { name: 'Café' });
    const [mine, theirs] = await h.db
      .insert(channels)
      .values([
        { ownerId: session.user._id, kind: 'instagram-account', externalId: 'ig', name: '@cafe' },
        { ownerId: stranger.user._id, kind: 'facebook-page', externalId: 'fb', name: 'Not yours' },
      ])
      .returning();
    const listed = await h.call(projects.listChannels, { token: session.accessToken });
    expect(listed.body.data.map((channel) => channel.name)).toEqual(['@cafe']);

    const attach = (channelId: string) =>
      h.call(projects.attachChannel, { params: { id: project.id }, body: { channelId }, token: session.accessToken });
    const attached = await attach(mine!.id);
    expect(attached.status).toBe(200);
    expect(attached.body.channels.map((channel) => channel.name)).toEqual(['@cafe']);
    expect((await attach(mine!.id)).body.channels).toHaveLength(1);
    expect((await attach(theirs!.id)).status).toBe(404);
    expect((await attach('nope')).status).toBe(422);

    const detach = () =>
      h.call(projects.detachChannel, { params: { id: project.id, channelId: mine!.id }, token: session.accessToken });
    expect((await detach()).status).toBe(204);
    expect((await detach()).status).toBe(404);
    const shown = await h.call(projects.showProject, { params: { id: project.id }, token: session.accessToken });
    expect(shown.body.channels).toEqual([]);
    // The channel stays the user's.
    expect((await h.call(projects.listChannels, { token: session.accessToken })).body.data).toHaveLength(1);
  });
});
