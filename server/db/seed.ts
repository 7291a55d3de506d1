import { createPasswordHasher, type PasswordHasher } from '../auth/passwords';
import type { Database } from './client';
import { sql } from 'drizzle-orm';
import { channels, comments, coupons, projectChannels, projects, savedReplies, users } from './schema';
import { SENTIMENTS, type ChannelKind, type Sentiment } from '../../contract/fields';
import { and, eq, inArray } from 'drizzle-orm';
import { findUserByEmail } from '../users/queries';
import { sandboxDemoCommentId } from '../integrations/sandbox/comments';
import { SANDBOX_FACEBOOK_PEOPLE } from '../integrations/sandbox/facebook';
import { PROMO_COUPON_CODE, type Role } from '../../contract/fields';
import { createCommentJudge, type CommentJudge } from '../sentiment/judge';
import { PLANS, type Plan } from '../../contract/subscription';

type SeedUser = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** On a plan that holds what the demo makes (PLAN_INCLUDES): the limits are kept (decision 031). */
  plan?: Plan;
  projects: string[];
  /** Saved replies to show the reply box's `/` with (contract/saved-replies.ts). */
  savedReplies?: Array<{ title: string; message: string }>;
};

/** The accounts the README and the e2e tests sign in with. */
export const SEED_USERS: SeedUser[] = [
  {
    email: 'admin@example.com',
    password: 'Admin1234',
    firstName: 'Ada',
    lastName: 'Admin',
    role: 'admin',
    projects: [],
  },
  {
    email: 'demo@example.com',
    password: 'Demo1234',
    firstName: 'Demo',
    lastName: 'User',
    role: 'user',
    // Starter: room for a third project (the scale option's, or one made in the demo), more
    // channels on the café, and public report links to share.
    plan: 'starter',
    projects: ['Espresso Bar Milano', 'Trattoria Roma'],
    savedReplies: [
      {
        title: 'Thank you',
        message: 'Thank you, {firstName}! We are glad you enjoyed it. See you soon at {pageName}.',
      },
      {
        title: 'Apology',
        message:
          'We are sorry, {firstName}: that is not what we want for you at {pageName}. Write to us in a private message and we will make it right.',
      },
      { title: 'Grazie', message: 'Grazie {firstName}! Ti aspettiamo presto da {pageName}.' },
    ],
  },
];

export const PROMO_COUPON = { code: PROMO_COUPON_CODE, discountPercent: 15, durationMonths: 3, active: true };

/** What a start seeds besides the promo coupon: the demo data and the scale figures (local mode). */
export type SeedOptions = {
  demoAccounts: boolean;
  /** Where the classifier's proposal is trusted (SENTIMENT_THRESHOLD; unset, the model's): the demo's comments are judged as any. */
  sentimentThreshold?: number | undefined;
  /** The share of labels applied without a person also put in review (SENTIMENT_SAMPLE_SHARE), drawn the same way at every seed. */
  sentimentSampleShare?: number;
  scaleUsers?: number;
  scaleComments?: number;
  projectComments?: number;
};

/**
 * Runs at every start: creates what is missing and never overwrites, so a demo account whose
 * password or projects were changed keeps those changes across restarts. The promo coupon is
 * reference data the app offers by its code, made everywhere; the demo accounts (known
 * passwords, an admin among them) only in local mode: a deployment passes `demoAccounts: false`.
 */
export async function seed(
  db: Database,
  passwords: PasswordHasher = createPasswordHasher(),
  options: SeedOptions = { demoAccounts: true },
): Promise<void> {
  if (options.demoAccounts) {
    await Promise.all(SEED_USERS.map((user) => seedUser(db, passwords, user)));
    await seedDemoCustomers(db, passwords);
    if (options.scaleUsers) await seedScaleUsers(db, passwords, options.scaleUsers);
    await seedDemoComments(
      db,
      createCommentJudge({
        threshold: options.sentimentThreshold,
        sampleShare: options.sentimentSampleShare ?? 0,
        random: sameDrawsEveryTime(),
      }),
    );
    if (options.scaleComments) await seedScaleComments(db, options.scaleComments);
    if (options.projectComments) await seedProjectComments(db, options.projectComments);
  }
  await db.insert(coupons).values(PROMO_COUPON).onConflictDoNothing();
}

/**
 * A hasher for the seed of a new database: the demo accounts' two passwords are hashed at once,
 * each a single time, on the password thread (about a fifth of a second each at the strength a
 * start uses, most of a first seed), so that a start that calls this while its database opens
 * finds them ready. Any other password is hashed as `passwords` hashes it.
 */
export function seedPasswordsAhead(passwords: PasswordHasher): PasswordHasher {
  const ahead = new Map<string, Promise<string>>();
  for (const password of new Set([...SEED_USERS.map((user) => user.password), DEMO_CUSTOMER_PASSWORD])) {
    const hashed = passwords.hash(password);
    // A failure is the seed's to report, when it asks for this hash.
    hashed.catch(() => {});
    ahead.set(password, hashed);
  }
  return { ...passwords, hash: (password) => ahead.get(password) ?? passwords.hash(password) };
}

/** Draws between 0 and 1, the same sequence at every call (a linear congruential generator): the same demo every time. */
function sameDrawsEveryTime(): () => number {
  let state = 2026;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

async function seedUser(db: Database, passwords: PasswordHasher, seedUser: SeedUser): Promise<void> {
  if (await findUserByEmail(db, seedUser.email)) return;
  const passwordHash = await passwords.hash(seedUser.password);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: seedUser.email,
        passwordHash,
        firstName: seedUser.firstName,
        lastName: seedUser.lastName,
        role: seedUser.role,
        plan: seedUser.plan,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    // Another process may have seeded the same database a moment ago.
    if (!user) return;
    if (seedUser.projects.length > 0) {
      await tx.insert(projects).values(seedUser.projects.map((name) => ({ ownerId: user.id, name })));
    }
    if (seedUser.savedReplies?.length) {
      await tx.insert(savedReplies).values(seedUser.savedReplies.map((reply) => ({ ownerId: user.id, ...reply })));
    }
  });
}

const FIRST_NAMES = [
  'José',
  'Zoë',
  'Renée',
  'Łukasz',
  'Chloé',
  'Giulia',
  'Luca',
  'Søren',
  'Ana',
  'Matteo',
  'Inès',
  'Björn',
];
const LAST_NAMES = [
  'García',
  'Müller',
  'Lefèvre',
  'Nowak',
  'Rossi',
  'Bianchi',
  'Ferrari',
  'Dubois',
  'Ødegaard',
  'Núñez',
  'Conti',
  'Esposito',
];
const DEMO_CUSTOMER_COUNT = 36;
/** Every demo customer signs in with this, as the demo user does. */
export const DEMO_CUSTOMER_PASSWORD = 'Demo1234';

/** The n-th demo customer (0-based): names with accents, every plan, some with a card and projects. */
export function demoCustomer(n: number) {
  const firstName = FIRST_NAMES[n % FIRST_NAMES.length];
  const lastName = LAST_NAMES[(n * 5 + Math.floor(n / FIRST_NAMES.length)) % LAST_NAMES.length];
  const plain = (name: string) =>
    name
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[łø]/g, (c) => (c === 'ł' ? 'l' : 'o'));
  return {
    email: `${plain(firstName)}.${plain(lastName)}.${n + 1}@customers.example.com`.toLowerCase(),
    firstName,
    lastName,
    plan: PLANS[n % PLANS.length],
    hasPaymentMethod: n % PLANS.length !== 0 && n % 5 !== 0,
    projects: Array.from({ length: n % 4 }, (_, i) => `${lastName} ${['Caffè', 'Studio', 'Bottega'][i]}`),
  };
}

/**
 * A few dozen customers for the admin Support page (the demo accounts' neighbours): created when
 * missing, never changed, in one insert for the users and one for their projects. One password
 * hash serves them all.
 */
async function seedDemoCustomers(db: Database, passwords: PasswordHasher): Promise<void> {
  const customers = Array.from({ length: DEMO_CUSTOMER_COUNT }, (_, n) => demoCustomer(n));
  if (await findUserByEmail(db, customers[customers.length - 1].email)) return;
  const passwordHash = await passwords.hash(DEMO_CUSTOMER_PASSWORD);
  await db.transaction(async (tx) => {
    const created = await tx
      .insert(users)
      .values(customers.map(({ projects: _projects, ...customer }) => ({ ...customer, passwordHash })))
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email });
    const ids = new Map(created.map((row) => [row.email, row.id]));
    const rows = customers.flatMap((customer) => {
      const ownerId = ids.get(customer.email);
      return ownerId ? customer.projects.map((name) => ({ ownerId, name })) : [];
    });
    if (rows.length > 0) await tx.insert(projects).values(rows);
  });
}

/** The address of the n-th (1-based) scale user. */
export const scaleUserEmail = (n: number) => `user-${String(n).padStart(6, '0')}@scale.example.test`;

/**
 * `SEED_SCALE_USERS` (local mode): that many more users, for the users search's scale figure
 * (npm run bench). One statement made inside the database, so 100,000 take seconds; names cycle
 * through the accented lists above. Skipped when the last one exists already.
 */
async function seedScaleUsers(db: Database, passwords: PasswordHasher, count: number): Promise<void> {
  if (await findUserByEmail(db, scaleUserEmail(count))) return;
  const passwordHash = await passwords.hash(DEMO_CUSTOMER_PASSWORD);
  const list = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(', ')}]`);
  await db.execute(sql`
    insert into users (email, first_name, last_name, password_hash, plan, has_payment_method)
    select 'user-' || lpad(n::text, 6, '0') || '@scale.example.test',
           (${list(FIRST_NAMES)})[1 + n % ${FIRST_NAMES.length}],
           (${list(LAST_NAMES)})[1 + (n / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
           ${passwordHash},
           (${list(PLANS)})[1 + n % ${PLANS.length}],
           n % 3 = 0
    from generate_series(1, ${count}) as n
    on conflict do nothing`);
}

/** Short comments as people leave them, in both languages, some with accents or emoji; plain text, as providers send it. */
export const DEMO_MESSAGES = [
  'The new spring menu is amazing, the terrace is the best spot in town ☀️',
  'Waited 40 minutes on Saturday evening, nobody came to take our order.',
  'Caffè perfetto come sempre, grazie ragazzi!',
  'Prezzi un po’ alti ma la qualità c’è.',
  'Is the kitchen open on Monday?',
  'Non male, ma la pizza era fredda.',
  '🔥🔥🔥',
  'The best espresso in Milano, hands down.',
  'Servizio lento, però il tiramisù era ottimo.',
  'Why did you remove the vegan option??',
  'Ordered twice this week, both times perfect.',
  'Il personale è gentilissimo, torneremo sicuramente!',
  'Meh.',
  'Can I book a table for 12 people on Friday?',
  'The new opening hours are not on Google yet',
  'Terribile esperienza, non ci torno più.',
  'Love the playlist you had on tonight 🎶',
  'Parking is a nightmare around here but worth it.',
  'Bravissimi! Il brunch della domenica è il mio preferito 😍',
  'Nothing special, just ok.',
];
/** The demo comments' authors: names in the languages and scripts the app meets. */
export const DEMO_AUTHORS = [
  'Giulia Rossi',
  'Marco Bianchi',
  'Sophie Martin',
  'José Núñez',
  'Chiara Ferrari',
  'Łukasz Nowak',
  'Amélie Dubois',
  'Tom Walker',
  'Francesca Conti',
  'Ingrid Ødegaard',
  'Luca Esposito',
  'Priya Shah',
];
/** What a person says each message is, index for index with DEMO_MESSAGES: the seeded reviews' answers. */
export const DEMO_REVIEWED: Sentiment[] = [
  'POSITIVE',
  'NEGATIVE',
  'POSITIVE',
  'MIXED',
  'NEUTRAL',
  'MIXED',
  'POSITIVE',
  'POSITIVE',
  'MIXED',
  'NEGATIVE',
  'POSITIVE',
  'POSITIVE',
  'NEUTRAL',
  'NEUTRAL',
  'NEUTRAL',
  'NEGATIVE',
  'POSITIVE',
  'MIXED',
  'POSITIVE',
  'NEUTRAL',
];
const DEMO_REPLIES = [
  'Totally agree!',
  'Non sono d’accordo, per me era ottimo.',
  'Same here 👍',
  'Ask for Marco, he is great.',
];
/** The demo user's LinkedIn organization: made up (the sandbox LinkedIn's people have others). */
const DEMO_ORGANIZATION_ID = 'demo-organization';
const LONG_MESSAGE = 'We came for my mother’s birthday and I want to tell you everything, because it matters to us. '
  .repeat(12)
  .trim();

/**
 * The demo user's channels, and one per project of the demo customers who have projects. The
 * café's page, Instagram account and ad account are those of the sandbox Facebook's first person
 * (Giulia Rossi), ids and names alike: connecting her, as the demo invites, makes the account
 * bring these same channels (one row each, now with the account, so their comments take
 * replies) rather than a second "Espresso Bar Milano" beside the first.
 */
function demoChannels(): Array<{ owner: string; kind: ChannelKind; externalId: string; name: string }> {
  const giulia = SANDBOX_FACEBOOK_PEOPLE[0]!;
  const page = giulia.pages[0]!;
  const demo = [
    { kind: 'facebook-page' as const, externalId: page.id, name: page.name },
    { kind: 'instagram-account' as const, externalId: page.instagram!.id, name: page.instagram!.username },
    { kind: 'facebook-ad-account' as const, externalId: giulia.adAccounts[0]!.id, name: giulia.adAccounts[0]!.name },
    { kind: 'linkedin-organization' as const, externalId: DEMO_ORGANIZATION_ID, name: 'Trattoria Roma Group' },
  ].map((channel) => ({ owner: 'demo@example.com', ...channel }));
  const kinds: ChannelKind[] = ['facebook-page', 'instagram-account', 'facebook-ad-account'];
  const customers = Array.from({ length: DEMO_CUSTOMER_COUNT }, (_, n) => demoCustomer(n)).flatMap((customer) =>
    customer.projects.map((project, p) => ({
      owner: customer.email,
      kind: kinds[p % kinds.length],
      externalId: `demo-${p + 1}`,
      name: project,
    })),
  );
  return [...demo, ...customers];
}

const HOUR_MS = 3_600_000;
/** How old a demo comment the classifier left to a person is when support has reviewed it. */
const REVIEWED_AFTER_MS = 14 * 24 * HOUR_MS;

/**
 * The demo's channels and a few hundred comments on them (local mode): a deterministic mix of
 * sentiments over the last 60 days, some replies, bookmarks, hidden and replied-to comments,
 * and those of the last two weeks (and the replies) the classifier left to a person in review
 * (95 on a new database). Made once: skipped when the demo user has a channel (seeded before,
 * or connected since).
 */
async function seedDemoComments(db: Database, judge: CommentJudge): Promise<void> {
  const demo = await findUserByEmail(db, 'demo@example.com');
  if (!demo) return;
  const admin = await findUserByEmail(db, 'admin@example.com');
  const [already] = await db.select({ id: channels.id }).from(channels).where(eq(channels.ownerId, demo.id)).limit(1);
  if (already) return;
  const wanted = demoChannels();
  const owners = new Map<string, string>();
  for (const email of new Set(wanted.map((channel) => channel.owner))) {
    const user = await findUserByEmail(db, email);
    if (user) owners.set(email, user.id);
  }
  // Up to the time of seeding, not a date of their own: a demo started months later still shows a
  // full 30-day chart. The newest is four hours before the hour began, so that the reviews below
  // (three hours after a comment) are in the past too.
  const start = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 4 * HOUR_MS;
  await db.transaction(async (tx) => {
    const made = await tx
      .insert(channels)
      .values(
        wanted.flatMap((channel) => {
          const ownerId = owners.get(channel.owner);
          return ownerId ? [{ ownerId, kind: channel.kind, externalId: channel.externalId, name: channel.name }] : [];
        }),
      )
      .onConflictDoNothing()
      .returning({
        id: channels.id,
        ownerId: channels.ownerId,
        kind: channels.kind,
        externalId: channels.externalId,
        name: channels.name,
      });
    if (made.length === 0) return;
    // Each project follows its channels: the demo user's café its Facebook page, Instagram and
    // ads, the trattoria its LinkedIn organization; a customer's project the channel named after it.
    const owned = await tx
      .select({ id: projects.id, ownerId: projects.ownerId, name: projects.name })
      .from(projects)
      .where(inArray(projects.ownerId, [...new Set(made.map((channel) => channel.ownerId))]));
    const projectOf = (channel: (typeof made)[number]) => {
      const demoProject =
        channel.ownerId === demo.id
          ? channel.externalId === DEMO_ORGANIZATION_ID
            ? 'Trattoria Roma'
            : 'Espresso Bar Milano'
          : channel.name;
      return owned.find((project) => project.ownerId === channel.ownerId && project.name === demoProject)?.id;
    };
    const links = made.flatMap((channel) => {
      const projectId = projectOf(channel);
      return projectId ? [{ projectId, channelId: channel.id }] : [];
    });
    if (links.length > 0) await tx.insert(projectChannels).values(links).onConflictDoNothing();
    // 360 comments (and a few replies to them), spread over the channels; the first channels (the demo user's) get most.
    const authorOn = believableAuthors();
    const rows = Array.from({ length: 360 }, (_, n) => {
      const channel = made[n % 3 === 0 ? n % made.length : n % Math.min(4, made.length)]!;
      const index = (n * 7) % DEMO_MESSAGES.length;
      const message = n === 17 ? LONG_MESSAGE : DEMO_MESSAGES[index]!;
      const publishedAt = new Date(start - n * 4 * HOUR_MS - (n % 5) * 600_000);
      // As the classifier judges it; of those it left to a person, the ones older than two weeks
      // already reviewed by support (what they said each message is), so the review and its
      // figures have a past and the charts show every sentiment; the last two weeks' wait. (By
      // age, not by `n`: a rule on `n` such as every third picks the rows that go to the
      // customers' channels above, and the café's charts showed no complaint.)
      const judged = judge.judge(message);
      const reviewed = judged.inReview && start - publishedAt.getTime() >= REVIEWED_AFTER_MS && admin !== undefined;
      return {
        channelId: channel.id,
        // Under the channel's id, as Graph names a page's comments: the sandbox takes a reply to it.
        externalId: sandboxDemoCommentId(channel.externalId, n + 1),
        message,
        authorName: authorOn(channel, message, (n * 5) % DEMO_AUTHORS.length),
        ...judged,
        ...(reviewed
          ? {
              sentiment: DEMO_REVIEWED[index],
              inReview: false,
              sentimentBeforeReview: judged.sentiment,
              reviewedBy: admin.id,
              reviewedAt: new Date(publishedAt.getTime() + 3 * HOUR_MS),
            }
          : {}),
        publishedAt,
        isBookmarked: n % 11 === 0,
        isHidden: n % 23 === 0,
        channelReplyCount: n % 6 === 0 ? 1 + (n % 3) : 0,
      };
    });
    const inserted = await tx
      .insert(comments)
      .values(rows)
      .returning({ id: comments.id, channelId: comments.channelId, publishedAt: comments.publishedAt });
    // A few conversations: other people answering a comment (replies carry their parent's id).
    const channelOf = new Map(made.map((channel) => [channel.id, channel]));
    const replies = inserted
      .filter((_, n) => n % 15 === 4)
      .map((parent, n) => ({
        channelId: parent.channelId,
        parentId: parent.id,
        externalId: `${channelOf.get(parent.channelId)!.externalId}_demo-reply-${n + 1}`,
        message: DEMO_REPLIES[n % DEMO_REPLIES.length],
        authorName: authorOn(
          channelOf.get(parent.channelId)!,
          DEMO_REPLIES[n % DEMO_REPLIES.length]!,
          (n * 7 + 3) % DEMO_AUTHORS.length,
        ),
        ...judge.judge(DEMO_REPLIES[n % DEMO_REPLIES.length]!),
        publishedAt: new Date(parent.publishedAt.getTime() + (n % 4) * 1_800_000 + 600_000),
      }));
    if (replies.length > 0) await tx.insert(comments).values(replies);
  });
}

/**
 * Who says a message on a channel, starting from the `first`-th demo author: never the person who
 * said the same words on another channel (one person does not paste one comment on a café's page,
 * its Instagram and its ads), and nobody on a LinkedIn organization, whose comments come without
 * the member's name (docs/product.md#comments-arrive-by-themselves).
 */
function believableAuthors() {
  // A message goes to more channels than there are demo authors: the customers' names take over.
  const people = [
    ...DEMO_AUTHORS,
    ...FIRST_NAMES.flatMap((first) => LAST_NAMES.map((last) => `${first} ${last}`)).filter(
      (name) => !DEMO_AUTHORS.includes(name),
    ),
  ];
  const channelOf = new Map<string, string>();
  return (channel: { id: string; kind: ChannelKind }, message: string, first: number): string => {
    if (channel.kind === 'linkedin-organization') return '';
    for (let k = 0; k < people.length; k++) {
      const author = people[k < DEMO_AUTHORS.length ? (first + k) % DEMO_AUTHORS.length : k]!;
      const said = channelOf.get(`${author}\n${message}`);
      if (said === undefined || said === channel.id) {
        channelOf.set(`${author}\n${message}`, channel.id);
        return author;
      }
    }
    return DEMO_AUTHORS[first]!;
  };
}

/**
 * `SEED_SCALE_COMMENTS` (local mode): that many more comments in review on the demo user's
 * "Scale test page", for the sentiment review's scale figures (npm run bench). One statement
 * made inside the database, so 10,000 take well under a second. Skipped when the page exists.
 */
async function seedScaleComments(db: Database, count: number): Promise<void> {
  const demo = await findUserByEmail(db, 'demo@example.com');
  if (!demo) return;
  const [channel] = await db
    .insert(channels)
    .values({ ownerId: demo.id, kind: 'facebook-page', externalId: 'scale', name: 'Scale test page' })
    .onConflictDoNothing()
    .returning({ id: channels.id });
  if (!channel) return;
  const list = (values: readonly string[]) =>
    sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]`);
  await db.execute(sql`
    insert into comments (channel_id, external_id, message, author_name, sentiment, in_review, proposed_sentiment, published_at)
    select ${channel.id}::uuid, 'scale-' || n,
           (${list(DEMO_MESSAGES)})[1 + n % ${DEMO_MESSAGES.length}] || ' #' || n,
           (${list(DEMO_AUTHORS)})[1 + n % ${DEMO_AUTHORS.length}],
           'UNCLASSIFIED', true,
           (${list(SENTIMENTS)})[1 + n % ${SENTIMENTS.length}],
           timestamptz '2026-11-01T00:00:00Z' - make_interval(secs => n * 60)
    from generate_series(1, ${count}) as n`);
}

/**
 * `SEED_PROJECT_COMMENTS` (local mode): the demo user's "Scale test project", following its own
 * page with that many comments over the last 90 days (sentiments spread, one in ten answered
 * by a reply), for a project's comments at scale (the bench's figures, npm run bench). Made
 * inside the database in two statements. Skipped when the project exists.
 */
async function seedProjectComments(db: Database, count: number): Promise<void> {
  const demo = await findUserByEmail(db, 'demo@example.com');
  if (!demo) return;
  const [exists] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.ownerId, demo.id), eq(projects.name, 'Scale test project')))
    .limit(1);
  if (exists) return;
  await db.transaction(async (tx) => {
    const [project] = await tx
      .insert(projects)
      .values({ ownerId: demo.id, name: 'Scale test project' })
      .returning({ id: projects.id });
    const [channel] = await tx
      .insert(channels)
      .values({ ownerId: demo.id, kind: 'facebook-page', externalId: 'scale-project', name: 'Scale project page' })
      .onConflictDoNothing()
      .returning({ id: channels.id });
    if (!project || !channel) return;
    await tx.insert(projectChannels).values({ projectId: project.id, channelId: channel.id });
    const list = (values: readonly string[]) =>
      sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]`);
    const span = 90 * 24 * 3600;
    await tx.execute(sql`
      insert into comments (channel_id, external_id, message, author_name, sentiment, published_at)
      select ${channel.id}::uuid, 'scale-project-' || n,
             (${list(DEMO_MESSAGES)})[1 + n % ${DEMO_MESSAGES.length}] || ' #' || n,
             (${list(DEMO_AUTHORS)})[1 + n % ${DEMO_AUTHORS.length}],
             (${list(SENTIMENTS)})[1 + (n * 7) % ${SENTIMENTS.length}],
             now() - make_interval(secs => (n::double precision * ${span} / ${count})::int)
      from generate_series(1, ${count}) as n`);
    await tx.execute(sql`
      insert into comments (channel_id, external_id, parent_id, message, author_name, sentiment, published_at)
      select channel_id, external_id || '-reply', id, 'Thank you, glad to hear it!',
             (${list(DEMO_AUTHORS)})[1 + length(external_id) % ${DEMO_AUTHORS.length}], 'POSITIVE',
             published_at + interval '5 minutes'
      from comments
      where channel_id = ${channel.id}::uuid and parent_id is null and right(external_id, 1) = '0'`);
  });
}
