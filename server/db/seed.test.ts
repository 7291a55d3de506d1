import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/database';
import { testPasswords } from '../test/passwords';
import * as subscription from '../../contract/subscription';
import { PLAN_INCLUDES } from '../../contract/subscription';
import { channels, comments, coupons, projectChannels, projects, users } from './schema';
import { createCommentJudge } from '../sentiment/judge';
import {
  DEMO_CUSTOMER_PASSWORD,
  DEMO_MESSAGES,
  DEMO_REVIEWED,
  PROMO_COUPON,
  seed,
  seedPasswordsAhead,
  SEED_USERS,
} from './seed';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

/**
 * The demo's comments seeded again as on a new database today: the seed makes them once, when the
 * demo user has no channel, and gives them to the customers' channels made with them.
 */
async function seedDemoCommentsAsNew() {
  await database.db.delete(channels);
  await seed(database.db, testPasswords());
}

const demoEmails = SEED_USERS.map((user) => user.email);
const demoAccounts = () =>
  database.db.select({ email: users.email }).from(users).where(inArray(users.email, demoEmails));

describe('seed', () => {
  it('makes no demo account in a deployment, only the reference data; local mode gets both', async () => {
    // This file's own copy of the seeded database, emptied of what the seed makes.
    await database.db.delete(users).where(inArray(users.email, demoEmails));
    await database.db.delete(coupons);

    await seed(database.db, testPasswords(), { demoAccounts: false });
    expect(await demoAccounts()).toEqual([]);
    expect(await database.db.select({ code: coupons.code }).from(coupons)).toEqual([{ code: PROMO_COUPON.code }]);

    await seed(database.db, testPasswords());
    expect((await demoAccounts()).map((row) => row.email).sort()).toEqual([...demoEmails].sort());
  });

  it("hashes a new database's demo passwords ahead, each once, and the accounts sign in with them", async () => {
    await database.db.delete(users).where(inArray(users.email, demoEmails));
    const passwords = testPasswords();
    const hashed: string[] = [];
    const ahead = seedPasswordsAhead({
      ...passwords,
      hash: (password) => (hashed.push(password), passwords.hash(password)),
    });
    // Begun before the seed asks: one hash a password, however many accounts share it.
    expect([...hashed].sort()).toEqual(
      [...new Set([...SEED_USERS.map((user) => user.password), DEMO_CUSTOMER_PASSWORD])].sort(),
    );

    await seed(database.db, ahead);
    expect(hashed).toHaveLength(2);
    for (const user of SEED_USERS) {
      const [row] = await database.db.select().from(users).where(eq(users.email, user.email));
      expect(await passwords.verify(user.password, row!.passwordHash!)).toBe(true);
    }
    // Another password is hashed as it comes.
    await ahead.hash('Another1234');
    expect(hashed.at(-1)).toBe('Another1234');
  });

  it('makes the scale test project with as many comments as asked, a tenth answered, once', async () => {
    await seed(database.db, testPasswords(), { demoAccounts: true, projectComments: 200 });
    await seed(database.db, testPasswords(), { demoAccounts: true, projectComments: 200 });
    const made = await database.db.select().from(projects).where(eq(projects.name, 'Scale test project'));
    expect(made).toHaveLength(1);
    const [page] = await database.db.select().from(channels).where(eq(channels.externalId, 'scale-project'));
    const counted = (onlyTopLevel: boolean) =>
      database.db
        .select({ total: sql<number>`count(*)::int` })
        .from(comments)
        .where(and(eq(comments.channelId, page!.id), onlyTopLevel ? isNull(comments.parentId) : undefined));
    expect((await counted(true))[0]!.total).toBe(200);
    expect((await counted(false))[0]!.total).toBe(220);
  });

  it("fits every seeded user's plan: projects, channels a project (the scale project included)", async () => {
    await seed(database.db, testPasswords(), { demoAccounts: true, projectComments: 10 });
    const owners = await database.db
      .select({
        email: users.email,
        plan: users.plan,
        // Spelled out: inside a subquery, drizzle would name the outer column without its table.
        projects: sql<number>`(select count(*)::int from projects p where p.owner_id = users.id)`,
        widest: sql<number>`(select coalesce(max(n), 0)::int from (select count(*) as n from project_channels pc
          join projects p on p.id = pc.project_id where p.owner_id = users.id group by pc.project_id) as followed)`,
      })
      .from(users);
    const within = (plan: string, limit: 'projects' | 'channelsPerProject', used: number) =>
      used <= (PLAN_INCLUDES[subscription.planOf(plan)][limit] ?? Infinity);
    const over = owners.filter(
      (owner) =>
        !within(owner.plan, 'projects', owner.projects) || !within(owner.plan, 'channelsPerProject', owner.widest),
    );
    expect(over).toEqual([]);
    expect(owners.find((owner) => owner.email === 'demo@example.com')).toMatchObject({ plan: 'starter', projects: 3 });
  });

  it('makes demo comments believable on each channel: plain text, no one saying the same on two channels, LinkedIn unnamed', async () => {
    await seed(database.db, testPasswords());
    const seeded = await database.db
      .select({
        message: comments.message,
        authorName: comments.authorName,
        channelId: comments.channelId,
        kind: channels.kind,
      })
      .from(comments)
      .innerJoin(channels, eq(channels.id, comments.channelId))
      // The demo user's channels, as seeded once (the first test here seeds the demo accounts again).
      .innerJoin(users, eq(users.id, channels.ownerId))
      .where(and(eq(users.email, 'demo@example.com'), sql`${channels.externalId} not like 'scale%'`));
    expect(seeded.length).toBeGreaterThan(200);
    // Shown as text (rightly), markup would read as tags: a provider sends none.
    expect(seeded.filter((comment) => /<\/?[a-z][^>]*>/i.test(comment.message))).toEqual([]);
    const channelsOf = new Map<string, Set<string>>();
    for (const comment of seeded.filter((each) => each.authorName !== '')) {
      const said = `${comment.authorName}: ${comment.message}`;
      channelsOf.set(said, new Set([...(channelsOf.get(said) ?? []), comment.channelId]));
    }
    expect([...channelsOf].filter(([, on]) => on.size > 1).map(([said]) => said)).toEqual([]);
    // LinkedIn names no member to an app (docs/product.md#comments-arrive-by-themselves).
    const linkedIn = seeded.filter((comment) => comment.kind === 'linkedin-organization');
    expect(linkedIn.length).toBeGreaterThan(10);
    expect(linkedIn.filter((comment) => comment.authorName !== '')).toEqual([]);
  });

  it("dates the demo's comments up to the hours before the seed, over 60 days: a demo started any day shows a full month", async () => {
    const seededAt = Date.now();
    await seedDemoCommentsAsNew();
    const [demo] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'demo@example.com'));
    const [span] = await database.db
      .select({
        newest: sql<string>`max(${comments.publishedAt})::text`,
        oldest: sql<string>`min(${comments.publishedAt})::text`,
        lastMonth: sql<number>`(count(*) filter (where ${comments.publishedAt} > now() - interval '30 days'))::int`,
        latestReview: sql<string | null>`max(${comments.reviewedAt})::text`,
      })
      .from(comments)
      .innerJoin(channels, eq(channels.id, comments.channelId))
      .where(and(eq(channels.ownerId, demo!.id), isNull(comments.parentId)));
    const hour = 3_600_000;
    const newest = Date.parse(span!.newest);
    expect(newest).toBeGreaterThan(seededAt - 6 * hour);
    expect(newest).toBeLessThanOrEqual(seededAt - 4 * hour);
    expect(newest - Date.parse(span!.oldest)).toBeGreaterThan(59 * 24 * hour);
    expect(span!.lastMonth).toBeGreaterThan(100);
    // Reviewed three hours after they were written, and never after the seed.
    expect(span!.latestReview).not.toBeNull();
    expect(Date.parse(span!.latestReview!)).toBeLessThanOrEqual(seededAt);
  });

  it("shows every sentiment on the demo café's 30-day chart, complaints included: support has reviewed all but the last two weeks", async () => {
    await seedDemoCommentsAsNew();
    const cafe = await database.db
      .select({ sentiment: comments.sentiment, inReview: comments.inReview, publishedAt: comments.publishedAt })
      .from(comments)
      .innerJoin(projectChannels, eq(projectChannels.channelId, comments.channelId))
      .innerJoin(projects, eq(projects.id, projectChannels.projectId))
      .where(
        and(
          eq(projects.name, 'Espresso Bar Milano'),
          isNull(comments.parentId),
          sql`${comments.publishedAt} > now() - interval '30 days'`,
        ),
      );
    const shown = new Set(cafe.map((comment) => comment.sentiment));
    expect([...shown].sort()).toEqual(['MIXED', 'NEGATIVE', 'NEUTRAL', 'POSITIVE', 'UNCLASSIFIED']);
    const waiting = cafe.filter((comment) => comment.inReview);
    expect(waiting.length).toBeGreaterThan(10);
    const twoWeeksAndADay = Date.now() - 15 * 24 * 3_600_000;
    expect(waiting.filter((comment) => comment.publishedAt.getTime() < twoWeeksAndADay)).toEqual([]);
  });

  it("proposes POSITIVE for every demo comment a person reads as praise: the classifier's, not a made-up sentiment", async () => {
    // The seed judges its messages like any comment's (docs/decisions/048-comments-born-classified.md).
    const judge = createCommentJudge({ threshold: 0.7 });
    await judge.ready();
    const praise = DEMO_MESSAGES.filter((_, index) => DEMO_REVIEWED[index] === 'POSITIVE');
    expect(praise).toContain('Il personale è gentilissimo, torneremo sicuramente!');
    const misread = praise
      .map((message) => ({ message, proposed: judge.judge(message).proposedSentiment }))
      .filter(({ proposed }) => proposed !== 'POSITIVE');
    expect(misread).toEqual([]);
  });
});
