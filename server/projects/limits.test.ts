import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as integrations from '../../contract/integrations';
import * as projects from '../../contract/projects';
import * as reports from '../../contract/reports';
import * as tiktokUsers from '../../contract/tiktok-users';
import { PLAN_INCLUDES, type PlanLimitErrorBody } from '../../contract/subscription';
import { channels, projectChannels, users } from '../db/schema';
import { SANDBOX_LINKEDIN_PEOPLE } from '../integrations/sandbox/linkedin';
import { SANDBOX_TIKTOK_USERS } from '../integrations/sandbox/tiktok';
import { startHarness, TEST_ENV, type Harness } from '../test/harness';
import { answerConsent } from '../test/sandbox';

/**
 * The plans' limits (decision 031), kept by the API where each change is made: projects per
 * user, channels per project (attached, brought by a LinkedIn round trip, connected from
 * TikTok) and public report links. The last slot goes to one request of many sent at once.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

type Session = Awaited<ReturnType<Harness['signedInUser']>>;

const newProject = (who: Session, name: string, call = h.call) =>
  call(projects.createProject, { token: who.accessToken, body: { name } });

/** `count` channels of `who`, made straight in the database. */
const channelsOf = (who: Session, count: number) =>
  Promise.all(Array.from({ length: count }, () => h.factories.channel({ id: who.user._id })));

/** A project of `who` already following `following` channels. */
async function projectFollowing(who: Session, following: number) {
  const project = await h.factories.project({ id: who.user._id });
  const made = await channelsOf(who, following);
  if (made.length > 0) {
    await h.db
      .insert(projectChannels)
      .values(made.map((channel) => ({ projectId: project.id, channelId: channel.id })));
  }
  return project;
}

const followedBy = async (projectId: string) =>
  (await h.db.select().from(projectChannels).where(eq(projectChannels.projectId, projectId))).length;

/**
 * The same requests sent at once, alternately through a second API instance (on PostgreSQL a
 * pool of its own), so the race is between connections and not only between promises.
 */
async function allAtOnce(requests: Array<(call: Harness['call']) => ReturnType<Harness['call']>>) {
  const other = await h.instance();
  return Promise.all(requests.map((request, n) => request(n % 2 === 0 ? h.call : other.call)));
}

/** What a 403 names (the contract's PlanLimitError). */
const limitOf = (answer: { body: unknown }) => (answer.body as PlanLimitErrorBody).planLimit;

const statuses = (answers: Array<{ status: number }>) => answers.map((answer) => answer.status).sort();

describe('projects per user', () => {
  it('refuses a project more than the plan includes, naming the limit and the plan that allows more', async () => {
    const free = await h.signedInUser();
    for (const name of ['One', 'Two']) expect((await newProject(free, name)).status).toBe(201);
    const refused = await newProject(free, 'Three');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: 'Your Free plan includes 2 projects, all in use. Starter includes 5.',
      planLimit: { limit: 'projects', plan: 'free', included: 2 },
    });
    const italian = await h.call(projects.createProject, {
      token: free.accessToken,
      body: { name: 'Tre' },
      headers: { 'accept-language': 'it' },
    });
    expect(italian.body.message).toBe('Il tuo piano Free include 2 progetti, tutti già in uso. Starter ne include 5.');
    const listed = await h.call(projects.listProjects, { token: free.accessToken });
    expect(listed.body.meta.total).toBe(2);

    // Deleting one makes room again.
    const first = listed.body.data[0]!;
    expect((await h.call(projects.deleteProject, { params: { id: first._id }, token: free.accessToken })).status).toBe(
      204,
    );
    expect((await newProject(free, 'Three')).status).toBe(201);
  });

  it('keeps each plan to its own number, and Business to none', async () => {
    const pro = await h.signedInUser({ plan: 'pro' });
    const owner = { id: pro.user._id };
    for (let n = 0; n < PLAN_INCLUDES.pro.projects!; n++) await h.factories.project(owner);
    const refused = await newProject(pro, 'One more');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your Pro plan includes 20 projects, all in use. Business includes any number.');

    const business = await h.signedInUser({ plan: 'business' });
    for (let n = 0; n < 25; n++) await h.factories.project({ id: business.user._id });
    expect((await newProject(business, 'Twenty-sixth')).status).toBe(201);
  });

  it('gives the last slot to one of many requests sent at once', async () => {
    const free = await h.signedInUser();
    await h.factories.project({ id: free.user._id });
    const answers = await allAtOnce(
      Array.from({ length: 6 }, (_, n) => (call: Harness['call']) => newProject(free, `Race ${n}`, call)),
    );
    expect(statuses(answers)).toEqual([201, 403, 403, 403, 403, 403]);
    expect((await h.call(projects.listProjects, { token: free.accessToken })).body.meta?.total).toBe(2);
  });
});

describe('channels per project', () => {
  const attach = (who: Session, projectId: string, channelId: string, call = h.call) =>
    call(projects.attachChannel, { params: { id: projectId }, token: who.accessToken, body: { channelId } });

  it('refuses a channel more than the plan includes; one the project follows already changes nothing', async () => {
    const free = await h.signedInUser();
    const project = await projectFollowing(free, 2);
    const [third, fourth] = await channelsOf(free, 2);
    expect((await attach(free, project.id, third!.id)).status).toBe(200);
    const refused = await attach(free, project.id, fourth!.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message:
        'Your Free plan includes 3 channels per project, and this project follows them all. Starter includes 10.',
      planLimit: { limit: 'channelsPerProject', plan: 'free', included: 3 },
    });
    expect((await attach(free, project.id, third!.id)).status).toBe(200);
    expect(await followedBy(project.id)).toBe(3);
    // Another project of the same user has its own three.
    const other = await h.factories.project({ id: free.user._id });
    expect((await attach(free, other.id, fourth!.id)).status).toBe(200);
  });

  it('gives the last slot to one of many channels attached at once', async () => {
    const free = await h.signedInUser();
    const project = await projectFollowing(free, 2);
    const candidates = await channelsOf(free, 5);
    const answers = await allAtOnce(
      candidates.map((channel) => (call: Harness['call']) => attach(free, project.id, channel.id, call)),
    );
    expect(statuses(answers)).toEqual([200, 403, 403, 403, 403]);
    expect(await followedBy(project.id)).toBe(3);
  });

  it('lets a LinkedIn round trip fill the project up to the limit, the other organizations staying the user’s', async () => {
    const free = await h.signedInUser();
    const project = await projectFollowing(free, 2);
    const authorize = () =>
      h.call(integrations.authorizeLinkedInOrganization, {
        params: { projectId: project.id },
        token: free.accessToken,
      });
    const started = await authorize();
    expect(started.status).toBe(200);
    const back = await answerConsent(h, started.body.url, {
      person: SANDBOX_LINKEDIN_PEOPLE[0]!.id,
      decision: 'allow',
    });
    const stored = await h.call(integrations.storeLinkedInAccount, {
      token: free.accessToken,
      body: {
        code: back.searchParams.get('code')!,
        state: back.searchParams.get('state')!,
        redirect_uri: `${TEST_ENV.APP_URL}/integrations/linkedin-organization/callback`,
      },
    });
    expect(stored.status, stored.text).toBe(200);
    await h.runJobs();
    // The sandbox person brings two organizations: the first (in the order listed) takes the last slot.
    expect(await followedBy(project.id)).toBe(3);
    const organizations = await h.db.select().from(channels).where(eq(channels.ownerId, free.user._id));
    expect(organizations.filter((channel) => channel.kind === 'linkedin-organization')).toHaveLength(2);
    expect(h.logs.lines().some((line) => line.msg === 'project full: channels not followed')).toBe(true);
    // Full now: another round trip is refused before it starts.
    const again = await authorize();
    expect(again.status).toBe(403);
    expect(limitOf(again)).toEqual({ limit: 'channelsPerProject', plan: 'free', included: 3 });
  });

  it('refuses a TikTok user for a full project before the round trip', async () => {
    const free = await h.signedInUser();
    const project = await projectFollowing(free, 3);
    const started = await h.call(tiktokUsers.authorizeTiktokUser, {
      params: { projectId: project.id },
      token: free.accessToken,
    });
    expect(started.status).toBe(403);
    expect(limitOf(started)).toMatchObject({ limit: 'channelsPerProject' });
  });

  it('refuses a TikTok user when the project filled up during the round trip, keeping nothing of it', async () => {
    const free = await h.signedInUser();
    const project = await projectFollowing(free, 2);
    const started = await h.call(tiktokUsers.authorizeTiktokUser, {
      params: { projectId: project.id },
      token: free.accessToken,
    });
    expect(started.status).toBe(200);
    const back = await answerConsent(h, started.body.url, {
      user: SANDBOX_TIKTOK_USERS[0]!.openId,
      decision: 'allow',
    });
    // Meanwhile, in another tab, the last slot is taken.
    const [last] = await channelsOf(free, 1);
    await h.db.insert(projectChannels).values({ projectId: project.id, channelId: last!.id });
    const stored = await h.call(tiktokUsers.storeTiktokUser, {
      token: free.accessToken,
      body: {
        code: back.searchParams.get('code')!,
        state: back.searchParams.get('state')!,
        redirect_uri: `${TEST_ENV.APP_URL}/integrations/tiktok-user/callback`,
      },
    });
    expect(stored.status, stored.text).toBe(403);
    expect(limitOf(stored)).toMatchObject({ limit: 'channelsPerProject' });
    const kept = await h.db.select().from(channels).where(eq(channels.ownerId, free.user._id));
    expect(kept.filter((channel) => channel.kind === 'tiktok-user')).toEqual([]);
    expect(await followedBy(project.id)).toBe(3);
  });
});

describe('public report links', () => {
  const makeLink = (who: Session, projectId: string) =>
    h.call(reports.createReportLink, { params: { projectId }, token: who.accessToken });

  it('are refused on a plan without them, and stop opening when the plan no longer has them', async () => {
    const free = await h.signedInUser();
    const project = await h.factories.project({ id: free.user._id });
    const refused = await makeLink(free, project.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: 'Your Free plan does not include public report links. Starter includes them.',
      planLimit: { limit: 'publicReports', plan: 'free', included: false },
    });
    const shown = await h.call(reports.showReportLink, { params: { projectId: project.id }, token: free.accessToken });
    expect(shown.body).toEqual({ reportLink: null });

    await h.db.update(users).set({ plan: 'starter' }).where(eq(users.id, free.user._id));
    const made = await makeLink(free, project.id);
    expect(made.status).toBe(201);
    const token = made.body.reportLink.token;
    expect((await h.call(reports.showPublicReport, { params: { token } })).status).toBe(200);

    await h.db.update(users).set({ plan: 'free' }).where(eq(users.id, free.user._id));
    expect((await h.call(reports.showPublicReport, { params: { token } })).status).toBe(404);
    await h.db.update(users).set({ plan: 'pro' }).where(eq(users.id, free.user._id));
    expect((await h.call(reports.showPublicReport, { params: { token } })).status).toBe(200);
  });
});
