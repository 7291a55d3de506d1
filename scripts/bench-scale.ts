import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { InboxOrder, Network } from '../contract/inbox';
import { COMMENTS_PAGE_SIZE } from '../contract/comments';
import type { Sentiment } from '../contract/fields';
import { POSTGRES_CONNECTION_OPTIONS, type Database } from '../server/db/client';
import * as schema from '../server/db/schema';
import { DEMO_AUTHORS, DEMO_MESSAGES, DEMO_REVIEWED } from '../server/db/seed';
import { repliesTo } from '../server/comments/queries';
import { countInbox, inboxChannelIds, inboxPage, inboxRows, type InboxFilter } from '../server/inbox/queries';
import { projectsFollowing } from '../server/projects/queries';
import { PAGE, SECRET, signedInOwner } from './bench-ingest';
import { startBenchServer } from './bench-server';

/**
 * The pages people open every day at two million comments, on PostgreSQL (`scripts/with-postgres.sh
 * npm run bench -- --scale`, docs/decisions/062): the API as `npm start` runs it, on a database of
 * its own in that cluster (`bench_scale`, kept, so a second run skips the seed), seeded with the
 * settings the README names for it: SEED_PROJECT_COMMENTS and SEED_SCALE_COMMENTS at 1,000,000 each,
 * SEED_SCALE_USERS at 100,000. Each call is timed one after another, CALLS times after WARM ones
 * that are not counted (p50 / p95); then every call again while bursts of 10,000 webhook
 * deliveries arrive, one after another, for another user's page (sent from a thread of their
 * own, `bench-burst-thread.ts`).
 *
 * The demo user's million is one project's. A user whose million comments are spread over 200
 * projects asks the inbox something else: it walks 200 channels, not one. So a user of their own
 * (`inbox-spread@bench.example.test`, kept with the database: a second run skips their seed) has
 * 200 projects, each following a page or account of its own with 4,400 comments and 600 replies
 * (a million rows), and their inbox is timed as the other calls are (in both columns); then each
 * of those calls' statements is explained on the database, to say whether any reads a large
 * table by a sequential scan (`spreadPlans`). `npm run bench -- --scale --inbox-spread` runs that
 * part alone (after the start, the seeds and the vacuum, without the bursts): a quicker loop
 * while working on the inbox's queries.
 */
const SETTINGS = {
  SEED_PROJECT_COMMENTS: '1000000',
  SEED_SCALE_COMMENTS: '1000000',
  SEED_SCALE_USERS: '100000',
};
const CALLS = 20;
const WARM = 3;
const DATABASE = 'bench_scale';

type Call = { name: string; run: () => Promise<void> };

const json = { 'content-type': 'application/json' };

async function tokenOf(origin: string, email: string, password: string) {
  const answer = await fetch(`${origin}/v1.0/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  if (!answer.ok) throw new Error(`sign-in of ${email} answered ${answer.status}`);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** `GET path` (or another request), failing the bench on anything but a 2xx. */
async function ask(origin: string, path: string, token: string, init: RequestInit = {}) {
  const answer = await fetch(`${origin}${path}`, {
    ...init,
    headers: { ...json, authorization: `Bearer ${token}` },
  });
  const body = await answer.text();
  if (!answer.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${answer.status}: ${body.slice(0, 300)}`);
  return JSON.parse(body) as unknown;
}

/**
 * "Mark all matching done" in the inbox for 10,000 comments (the goal: 2 s), and its undo: a user
 * of its own with five channels of 2,000 open comments each, followed by one project, each timed
 * DONE_RUNS times; the user and everything of theirs go afterwards.
 */
const DONE_RUNS = 3;
async function doneForAllMatching(origin: string): Promise<string> {
  const made = await fetch(`${origin}/dev/users`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ plan: 'business' }),
  });
  const { user, password } = (await made.json()) as { user: { _id: string; email: string }; password: string };
  try {
    const token = await tokenOf(origin, user.email, password);
    const project = (await ask(origin, '/v1.0/projects', token, {
      method: 'POST',
      body: JSON.stringify({ name: 'Inbox bench' }),
    })) as { _id: string };
    for (let channel = 0; channel < 5; channel++) {
      const comments = Array.from({ length: 2000 }, (_, n) => ({
        message: `Comment ${channel}-${n}`,
        authorName: 'Bench Person',
        sentiment: n % 3 === 0 ? 'NEGATIVE' : 'POSITIVE',
        inReview: false,
        proposedSentiment: null,
      }));
      const answer = await fetch(`${origin}/dev/comments`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ ownerId: user._id, channel: { name: `Bench page ${channel}` }, comments }),
      });
      const { channel: made } = (await answer.json()) as { channel: { id: string } };
      await ask(origin, `/v1.0/projects/${project._id}/channels`, token, {
        method: 'POST',
        body: JSON.stringify({ channelId: made.id }),
      });
    }
    const done: number[] = [];
    const undone: number[] = [];
    for (let run = 0; run < DONE_RUNS; run++) {
      let started = performance.now();
      const answer = (await ask(origin, '/v1.0/inbox/done-matching', token, {
        method: 'POST',
        body: JSON.stringify({ filter: {}, expectedTotal: 10_000 }),
      })) as { batchId: string; updated: number };
      done.push(performance.now() - started);
      if (answer.updated !== 10_000) throw new Error(`done for ${answer.updated} of 10,000`);
      started = performance.now();
      await ask(origin, `/v1.0/inbox/done/${answer.batchId}/undo`, token, { method: 'POST' });
      undone.push(performance.now() - started);
    }
    const said = (samples: number[]) => samples.map((each) => Math.round(each).toLocaleString('en')).join(', ');
    return `inbox, mark all 10,000 matching done: ${said(done)} ms (goal ≤ 2,000); its undo: ${said(undone)} ms`;
  } finally {
    await fetch(`${origin}/dev/users/${user._id}`, { method: 'DELETE' });
  }
}

function figure(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    p50: at(0.5),
    p95: at(0.95),
    calls: samples.length,
    text: `${at(0.5).toFixed(0)} / ${at(0.95).toFixed(0)} ms`,
  };
}

/**
 * A call whose warm ones took longer than this each is timed SLOW_CALLS times only: a search by a
 * common word over 200 projects takes seconds, and twenty of them would say no more than five.
 */
const SLOW_MS = 2_000;
const SLOW_CALLS = 5;

/** Each call, WARM then CALLS times (SLOW_CALLS for a slow one), one after another: its p50 / p95. */
async function timeCalls(calls: Call[]) {
  const figures = new Map<string, ReturnType<typeof figure>>();
  for (const call of calls) {
    const samples: number[] = [];
    let times = CALLS;
    for (let n = 0; n < WARM + times; n++) {
      const began = performance.now();
      await call.run();
      const took = performance.now() - began;
      if (n >= WARM) samples.push(took);
      else if (took > SLOW_MS) times = SLOW_CALLS;
      else times = CALLS;
    }
    figures.set(call.name, figure(samples));
  }
  return figures;
}

/** What follows a call's figures: over the 100 ms goal, and timed fewer times for being slow. */
const remarks = (...figures: Array<ReturnType<typeof figure>>) =>
  `${Math.max(...figures.map((each) => each.p95)) > 100 ? '  over 100 ms' : ''}${
    figures.some((each) => each.calls < CALLS) ? ` (timed ${Math.min(...figures.map((each) => each.calls))} times)` : ''
  }`;

/** The cluster's `bench_scale` database (made when missing), and whether it was there already. */
async function scaleDatabase(clusterUrl: string) {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (found.rowCount === 0) await client.query(`create database ${DATABASE}`);
    const url = new URL(clusterUrl);
    url.pathname = `/${DATABASE}`;
    return { url: url.toString(), existed: found.rowCount !== 0 };
  } finally {
    await client.end();
  }
}

/** A `{publishedAt}_{id}` cursor at the `row`th comment of the scale project, newest first. */
async function cursorAt(databaseUrl: string, projectId: string, row: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const found = await client.query<{ published_at: Date; id: string }>(
      `select c.published_at, c.id from comments c
       where c.channel_id in (select channel_id from project_channels where project_id = $1) and c.parent_id is null
       order by c.published_at desc, c.id desc offset $2 limit 1`,
      [projectId, row],
    );
    const at = found.rows[0];
    if (!at) throw new Error(`the scale project has fewer than ${row} comments`);
    return `${at.published_at.toISOString()}_${at.id}`;
  } finally {
    await client.end();
  }
}

/** Only the inbox over 200 projects (the file's header): a quicker loop. */
const spreadOnly = process.argv.includes('--inbox-spread');

/** The user whose million comments are spread over 200 projects: found again by this address. */
const SPREAD = {
  email: 'inbox-spread@bench.example.test',
  password: 'Spread-bench-1',
  projects: 200,
  /**
   * Each project's channel: this many top-level comments; the page answered every REPLIED_EVERY-th
   * (from the app, which marks it done), and someone else one in twice as many, among those the
   * page did not answer: 4,400 + 400 + 200 = 5,000 a channel, a million in all.
   */
  topLevel: 4_400,
  /** How far back their comments go, the newest a moment ago. */
  days: 90,
};
const REPLIED_EVERY = 11;
/** The kinds of the projects' channels, in turn: two Facebook pages in five, as people connect them. */
const SPREAD_KINDS = ['facebook-page', 'instagram-account', 'facebook-page', 'linkedin-organization', 'tiktok-user'];
/**
 * A word about one comment in a thousand has: a search for it finds few in each channel, so the
 * inbox's walk of each channel goes a long way. The common word is in one message in twenty.
 */
const RARE_WORD = 'allergy';
const COMMON_WORD = 'tiramisu';
const SPREAD_AUTHORS = [...DEMO_AUTHORS, 'Noah Becker', 'Elena Petrova', 'Sara Lindqvist'];
/** A list of texts as an SQL array literal: the seed is one statement made inside the database. */
const literals = (values: readonly string[]) =>
  `array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]`;

/**
 * The spread user's projects, channels and million comments, in one transaction (a run stopped
 * half-way leaves nothing, and the next seeds again), written inside the database: a million
 * comments through `/dev/comments` would be minutes of JSON. The columns are those the writer
 * sets (server/comments/writer.ts): the classifier's proposal and confidence, in review with a
 * reason where it was unsure, the provider's time, a reply of the page's own `from_channel` and
 * counted on its parent; `message_search` and `author_search` are generated, and comment_days is
 * kept by the table's triggers, as for any writer. The comments are numbered across the channels
 * newest first (g), so every channel has some among the newest and the oldest; what each is comes
 * from a hash of its number (h), not from the number itself, which would give a channel the same
 * message, or the same state, every time: the sentiments people gave these messages
 * (DEMO_REVIEWED: about one in six negative), one in seventeen in review, three in ten marked done
 * in the inbox (in batches a channel and day), one in ninety-seven bookmarked, one in 193 hidden.
 */
async function seedSpread(client: pg.Client, userId: string) {
  const span = SPREAD.days * 86_400;
  const total = SPREAD.projects * SPREAD.topLevel;
  const messages = literals(DEMO_MESSAGES);
  const said = literals(DEMO_REVIEWED);
  await client.query('begin');
  try {
    await client.query(
      `insert into channels (owner_id, kind, external_id, name)
       select $1::uuid, (${literals(SPREAD_KINDS)})[1 + p % ${SPREAD_KINDS.length}],
              'spread-' || lpad(p::text, 3, '0'), 'Spread page ' || lpad(p::text, 3, '0')
       from generate_series(1, ${SPREAD.projects}) as p`,
      [userId],
    );
    await client.query(
      `insert into projects (owner_id, name)
       select $1::uuid, 'Spread project ' || lpad(p::text, 3, '0') from generate_series(1, ${SPREAD.projects}) as p`,
      [userId],
    );
    await client.query(
      `insert into project_channels (project_id, channel_id)
       select projects.id, channels.id from projects
       join channels on channels.owner_id = projects.owner_id and right(channels.external_id, 3) = right(projects.name, 3)
       where projects.owner_id = $1::uuid`,
      [userId],
    );
    await client.query(
      `insert into comments (channel_id, external_id, message, author_name, sentiment, proposed_sentiment,
         proposal_confidence, in_review, review_reason, published_at, provider_changed_at, is_bookmarked,
         is_hidden, channel_reply_count, done_at, done_batch_id)
       select channel_id, 'spread-' || n,
              case when rare then 'Do you have anything for a nut ${RARE_WORD}? #' || g
                   else (${messages})[1 + h % ${DEMO_MESSAGES.length}] || ' #' || g end,
              (${literals(SPREAD_AUTHORS)})[1 + (h2 / 1000) % ${SPREAD_AUTHORS.length}],
              case when reviewed then 'UNCLASSIFIED' else proposed end, proposed,
              case when reviewed then 0.55 else 0.9 end, reviewed, case when reviewed then 'unsure' end,
              published_at, published_at, (h / 3400) % 97 = 0, (h / 329800) % 193 = 0,
              case when answered then 1 else 0 end,
              case when answered then least(published_at + interval '5 minutes', now())
                   when triaged then least(published_at + interval '1 hour', now()) end,
              case when triaged and not answered
                   then md5(channel_id::text || (published_at at time zone 'UTC')::date::text)::uuid end
       from (
         select channel.id as channel_id, n, g, h, h2, h2 % 1000 = 0 as rare, (h / 20) % 17 = 0 as reviewed,
                (h / 340) % 10 < 3 as triaged, n % ${REPLIED_EVERY} = 0 as answered,
                case when h2 % 1000 = 0 then 'NEUTRAL' else (${said})[1 + h % ${DEMO_MESSAGES.length}] end as proposed,
                now() - make_interval(secs => g::double precision * ${span} / ${total}) as published_at
         from (select id, right(external_id, 3)::int as p from channels where owner_id = $1::uuid) as channel
         cross join generate_series(1, ${SPREAD.topLevel}) as n
         cross join lateral (select (n - 1) * ${SPREAD.projects} + channel.p as g) as numbered
         cross join lateral (
           select hashint4(g) & 2147483647 as h, hashint4(-g) & 2147483647 as h2
         ) as hashed
       ) as made
       -- Written oldest first, as a deployment's comments arrive: the table's pages and the ids
       -- (uuid_v7, made as each row is written) in time order across the 200 channels, not one
       -- channel's 4,400 after another's.
       order by g desc`,
      [userId],
    );
    // The page's answers (from the app: their comments are done), and other people's under
    // comments still open, which the inbox shows under them.
    await client.query(
      `insert into comments (channel_id, external_id, parent_id, message, author_name, sentiment, proposed_sentiment,
         proposal_confidence, in_review, published_at, provider_changed_at, from_channel)
       select c.channel_id, c.external_id || '-reply', c.id,
              case when page then 'Thank you for telling us, we read every comment!' else 'Same here 👍' end,
              case when page then ch.name else (${literals(SPREAD_AUTHORS)})[1 + numbered.n % ${SPREAD_AUTHORS.length}] end,
              'POSITIVE', 'POSITIVE', 0.9, false, least(c.published_at + interval '5 minutes', now()),
              least(c.published_at + interval '5 minutes', now()), page
       from comments c join channels ch on ch.id = c.channel_id
       -- Other users' comments may be read before the owner is checked: their ids are no numbers.
       cross join lateral (
         select case when c.external_id like 'spread-%' then substring(c.external_id from 8)::int end as n
       ) as numbered
       cross join lateral (select numbered.n % ${REPLIED_EVERY} = 0 as page) as answered
       where ch.owner_id = $1::uuid and c.parent_id is null and (page or numbered.n % ${REPLIED_EVERY * 2} = 5)`,
      [userId],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/**
 * The spread user, made through the dev endpoint on the Business plan (projects and channels
 * without a limit, contract/subscription.ts) when missing, and seeded unless they have their 200
 * projects already: how long that took, and one of their projects to filter by.
 */
async function spreadUser(origin: string, databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const found = await client.query<{ id: string }>('select id from users where email = $1', [SPREAD.email]);
    let userId = found.rows[0]?.id;
    if (!userId) {
      const made = await fetch(`${origin}/dev/users`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          email: SPREAD.email,
          password: SPREAD.password,
          plan: 'business',
          firstName: 'Spread',
          lastName: 'Bench',
        }),
      });
      if (!made.ok) throw new Error(`POST /dev/users answered ${made.status}`);
      userId = ((await made.json()) as { user: { _id: string } }).user._id;
    }
    const { rows } = await client.query<{ projects: number }>(
      'select count(*)::int as projects from projects where owner_id = $1',
      [userId],
    );
    let seeded: number | undefined;
    if (rows[0]!.projects < SPREAD.projects) {
      const began = performance.now();
      await seedSpread(client, userId);
      seeded = (performance.now() - began) / 1000;
    }
    // One of the 200 for the filter by project (the list of projects is paged).
    const project = await client.query<{ id: string }>('select id from projects where owner_id = $1 and name = $2', [
      userId,
      'Spread project 117',
    ]);
    return { userId, seeded, projectId: project.rows[0]!.id };
  } finally {
    await client.end();
  }
}

/** An inbox call: its query (`/v1.0/inbox?…`), or the open count. */
type InboxAsk = { name: string; query: Record<string, string> | 'count' };

const inboxPath = (ask: InboxAsk) =>
  ask.query === 'count'
    ? '/v1.0/inbox/count'
    : `/v1.0/inbox${Object.keys(ask.query).length > 0 ? `?${new URLSearchParams(ask.query).toString()}` : ''}`;

/** A statement the API runs, what it is for (`role`) and its parameters. */
type Statement = { role: string; sql: string; params: unknown[] };

/**
 * The statements the API runs for `ask` (server/inbox/routes.ts), in its order: the same query
 * code (server/inbox/queries.ts), on a Drizzle database of its own whose logger keeps each
 * statement with its parameters. They run too (a page's ids are what its rows are read by).
 */
export async function inboxStatements(client: pg.Client, userId: string, ask: InboxAsk): Promise<Statement[]> {
  const statements: Statement[] = [];
  let role = '';
  const db = drizzle({
    client,
    schema,
    logger: { logQuery: (sql, params) => void statements.push({ role, sql, params }) },
  }) as unknown as Database;
  const as = <T>(what: string, run: () => Promise<T>) => {
    role = what;
    return run();
  };
  if (ask.query === 'count') {
    const channelIds = await as('the channels', () => inboxChannelIds(db, userId));
    await as('the count', () => countInbox(db, channelIds, { state: 'open' }));
    return statements;
  }
  const { orderBy, after, ...asked } = ask.query;
  const filter: InboxFilter = {
    projectId: asked.projectId,
    network: asked.network as Network | undefined,
    sentiment: asked.sentiment as Sentiment | undefined,
    message: asked.message,
  };
  const channelIds = await as('the channels', () => inboxChannelIds(db, userId, filter));
  await as('the count', () => countInbox(db, channelIds, filter));
  const page = await as('the page', () =>
    inboxPage(db, channelIds, filter, {
      order: (orderBy ?? 'negativeFirst') as InboxOrder,
      after,
      limit: COMMENTS_PAGE_SIZE,
      offset: 0,
    }),
  );
  const rows = await as('the rows', () =>
    inboxRows(
      db,
      page.map((each) => each.id),
    ),
  );
  await as('the replies', () =>
    repliesTo(
      db,
      rows.map((row) => row.comment.id),
    ),
  );
  await as("the rows' projects", () => projectsFollowing(db, userId, [...new Set(rows.map((row) => row.channel.id))]));
  return statements;
}

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
};
type Explained = { Plan: PlanNode; 'Execution Time': number; JIT?: { Timing: { Total: number } } };

/** Every node of a plan, its sub-plans' too. */
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** A table past this many rows is large: read whole, it costs with its size. */
const LARGE_TABLE = 10_000;

const ms = (value: number) => `${value.toLocaleString('en', { maximumFractionDigits: value < 10 ? 1 : 0 })} ms`;

/**
 * Each call's statements explained on the bench's database (EXPLAIN (ANALYZE, FORMAT JSON), so
 * with the parameters the API sends and the plan PostgreSQL really ran): whether any reads a
 * large table by a sequential scan, the small ones aside (a user's few channels and projects);
 * how long they took in the database, and which one took longest (with what JIT compilation took
 * of it, when PostgreSQL compiled it).
 */
async function spreadPlans(databaseUrl: string, userId: string, asks: InboxAsk[]): Promise<string[]> {
  // Connected as the API connects, so the plans are the ones it gets.
  const client = new pg.Client({ connectionString: databaseUrl, options: POSTGRES_CONNECTION_OPTIONS });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ relname: string; rows: number }>(
      `select relname, reltuples::bigint::int as rows from pg_class where relkind = 'r' and reltuples >= $1`,
      [LARGE_TABLE],
    );
    const large = new Map(tables.map((table) => [table.relname, table.rows]));
    const lines = [
      "the same calls' statements, explained (EXPLAIN ANALYZE): seq scan of a large table; time in the database",
    ];
    for (const ask of asks) {
      const statements = await inboxStatements(client, userId, ask);
      const scanned = new Set<string>();
      let took = 0;
      let slowest = { role: '', took: 0, jit: 0 };
      // A transaction's own statements are not explained; its `set local` settings are set for
      // the statement after them only, as the transaction scopes them.
      let settings = false;
      for (const statement of statements) {
        if (/^\s*(begin|commit|rollback)\b/i.test(statement.sql)) continue;
        if (/^\s*set local\b/i.test(statement.sql)) {
          await client.query(statement.sql.replace(/^\s*set local\b/i, 'set'), statement.params);
          settings = true;
          continue;
        }
        const { rows } = await client.query<{ 'QUERY PLAN': Explained[] }>(
          `explain (analyze, format json) ${statement.sql}`,
          statement.params,
        );
        if (settings) {
          await client.query('reset all');
          settings = false;
        }
        const explained = rows[0]!['QUERY PLAN'][0]!;
        const time = explained['Execution Time'];
        took += time;
        if (time > slowest.took) slowest = { role: statement.role, took: time, jit: explained.JIT?.Timing.Total ?? 0 };
        for (const node of nodesOf(explained.Plan))
          if (node['Node Type'] === 'Seq Scan' && large.has(node['Relation Name'] ?? ''))
            scanned.add(node['Relation Name']!);
      }
      const seq =
        scanned.size === 0
          ? 'none'
          : [...scanned].map((table) => `${table} (${large.get(table)!.toLocaleString('en')} rows)`).join(', ');
      const jit = slowest.jit > 0 ? `, JIT ${ms(slowest.jit)} of it` : '';
      lines.push(
        `  ${ask.name.padEnd(42)} seq scan: ${seq}; ${ms(took)} in ${statements.length} statements, ${slowest.role} ${ms(slowest.took)}${jit}`,
      );
    }
    return lines;
  } finally {
    await client.end();
  }
}

/**
 * The spread user's inbox (seeded when missing): its calls, timed as the others, what the seed
 * took, and a check of their plans to run once they are timed.
 */
async function spreadInbox(origin: string, databaseUrl: string) {
  const { userId, seeded, projectId } = await spreadUser(origin, databaseUrl);
  const token = await tokenOf(origin, SPREAD.email, SPREAD.password);
  const first = (await ask(origin, '/v1.0/inbox', token)) as { data: Array<{ cursor: string }> };
  const asks: InboxAsk[] = [
    { name: '200 projects: inbox, first page', query: {} },
    { name: '200 projects: the next page (its cursor)', query: { after: first.data.at(-1)!.cursor } },
    { name: '200 projects: newest first', query: { orderBy: 'newest' } },
    { name: "200 projects: one project's negatives", query: { projectId, sentiment: 'NEGATIVE' } },
    { name: "200 projects: Facebook's negatives", query: { network: 'facebook', sentiment: 'NEGATIVE' } },
    { name: `200 projects: by a common word (${COMMON_WORD})`, query: { message: COMMON_WORD } },
    { name: `200 projects: by a rare word (${RARE_WORD})`, query: { message: RARE_WORD } },
    // The seed's messages each go with one sentiment, as a word often does: a sentiment it never
    // has asks the planner to find what is not there.
    {
      name: `200 projects: ${COMMON_WORD}, positive (none is)`,
      query: { message: COMMON_WORD, sentiment: 'POSITIVE' },
    },
    { name: '200 projects: open count', query: 'count' },
  ];
  const calls: Call[] = asks.map((each) => ({
    name: each.name,
    run: async () => void (await ask(origin, inboxPath(each), token)),
  }));
  const line =
    seeded === undefined
      ? `inbox over 200 projects: seeded by an earlier run (${SPREAD.email})`
      : `inbox over 200 projects: seeded 1,000,000 comments in ${seeded.toFixed(1)} s`;
  return { lines: [line], calls, plans: () => spreadPlans(databaseUrl, userId, asks) };
}

export async function scaleFigures(port: number, clusterUrl: string): Promise<string[]> {
  const database = await scaleDatabase(clusterUrl);
  const began = performance.now();
  const server = await startBenchServer(
    port,
    {
      DATABASE_URL: database.url,
      NODE_ENV: 'test',
      FACEBOOK_APP_SECRET: SECRET,
      COMMENT_SYNC_MINUTES: '0',
      ...SETTINGS,
    },
    { timeoutMs: 900_000, name: 'the scale API' },
  );
  const lines: string[] = [];
  try {
    // Health answers at once; the seed is done when every part is ready (server/health/routes.ts).
    for (;;) {
      const health = (await (await fetch(`${server.origin}/v1.0/health`)).json()) as { status: string };
      if (health.status === 'ok') break;
      server.alive();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const seconds = (performance.now() - began) / 1000;
    lines.push(
      database.existed
        ? `start on the seeded database (seeded by an earlier run): ${seconds.toFixed(1)} s`
        : `seed (start to ready, a new database): ${seconds.toFixed(1)} s`,
    );

    // The user whose million comments are spread over 200 projects, seeded on the first run.
    const spread = await spreadInbox(server.origin, database.url);
    lines.push(...spread.lines);

    // Seeded a moment ago, its two million rows are still being vacuumed in the background, which
    // a deployment's are not: done first, so the figures are the pages' own.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const removing = performance.now();
    // What earlier runs left: the owners they connected the sandbox's page for (the dev
    // endpoint's users, with their projects), each told of every burst after theirs; and their
    // bursts' comments. Each run numbers its deliveries from 0, so kept, those made this run's
    // burst change nothing (every comment already there) and stood at the head of the review,
    // newer than any seeded comment.
    const owners = await client.query(`delete from users where email like 'user-%@example.test'`);
    const removed = await client.query(
      `delete from comments where channel_id in (select id from channels where kind = 'facebook-page' and external_id = $1)
       and starts_with(external_id, $2)`,
      [PAGE, `${PAGE}_bench`],
    );
    if (owners.rowCount || removed.rowCount) {
      const seconds = ((performance.now() - removing) / 1000).toFixed(1);
      lines.push(
        `removed what earlier runs left: ${owners.rowCount} owners of the sandbox's page, ${removed.rowCount} comments of their bursts: ${seconds} s`,
      );
    }
    const vacuumed = performance.now();
    await client.query(
      'vacuum (analyze) comments, comment_days, comment_totals, users, projects, channels, project_channels',
    );
    await client.end();
    lines.push(`vacuum (analyze) before timing: ${((performance.now() - vacuumed) / 1000).toFixed(1)} s`);

    const origin = server.origin;
    if (spreadOnly) {
      const timed = await timeCalls(spread.calls);
      lines.push(`each call p50 / p95 over ${CALLS}:`);
      for (const { name } of spread.calls) {
        const timing = timed.get(name)!;
        lines.push(`  ${name.padEnd(42)} ${timing.text.padStart(13)}${remarks(timing)}`);
      }
      lines.push(...(await spread.plans()));
      return lines;
    }
    const demo = await tokenOf(origin, 'demo@example.com', 'Demo1234');
    const admin = await tokenOf(origin, 'admin@example.com', 'Admin1234');
    const projects = (await ask(origin, '/v1.0/projects', demo)) as { data: Array<{ _id: string; name: string }> };
    const project = projects.data.find((each) => each.name === 'Scale test project');
    if (!project) throw new Error('the scale project was not seeded');
    const comments = `/v1.0/projects/${project._id}/comments`;
    const deep = encodeURIComponent(await cursorAt(database.url, project._id, 900_000));

    // Bulk review takes 1,000 comments still in review each time, by the cursor the app uses, and
    // puts them back in review afterwards, untimed (its undo), so that a run leaves the review as
    // it found it and the next run has as many to take. The review's order starts with 20,000
    // comments of one channel, whose review touches one channel and day, and goes on with the
    // 200-project inbox's, whose review touches some 200 channels and 400 channel-days: several
    // times the work (docs/decisions/092). Taken one after another, the quiet run would time
    // mostly the first kind and the run during the burst only the second. So the batches are read
    // first, in the review's order, and dealt in turn to the four runs (accepted and rejected,
    // quiet and during the burst): each times the same mix.
    // The two reviews the app sends (app/features/comments/review.ts `reviewsFor`): "accept" gives
    // each comment its proposal, which for a comment the classifier was unsure of changes its
    // sentiment (from UNCLASSIFIED); "reject" ends the review and leaves the sentiment as it is.
    // Timed apart: a design that spares the comment's row in one may not in the other
    // (docs/decisions/094).
    type InReview = { id: string; proposedSentiment: string | null };
    const reviewBatches: InReview[][] = [];
    const runs = ['quiet accepted', 'quiet rejected', 'during accepted', 'during rejected'] as const;
    const batchesNeeded = runs.length * (WARM + CALLS);
    for (let after = ''; reviewBatches.length < batchesNeeded;) {
      const taken: InReview[] = [];
      while (taken.length < 1000) {
        const page = (await ask(origin, `/v1.0/comments?inReview=true${after}`, admin)) as {
          data: Array<InReview & { publishedAt: string }>;
        };
        const last = page.data.at(-1);
        if (!last) throw new Error(`fewer than ${batchesNeeded},000 comments are in review: seed ${DATABASE} again`);
        taken.push(...page.data.map(({ id, proposedSentiment }) => ({ id, proposedSentiment })));
        after = `&after=${encodeURIComponent(`${last.publishedAt}_${last.id}`)}`;
      }
      reviewBatches.push(taken.slice(0, 1000));
    }
    /** The next batch of each run: run n takes batches n, n + 4, n + 8… */
    const nextBatch = new Map<(typeof runs)[number], number>(runs.map((run, n) => [run, n]));
    let during = false;
    const bulkTimes = { accepted: [] as number[], rejected: [] as number[] };
    const bulkReview = (kind: 'accepted' | 'rejected') => async () => {
      const run = `${during ? 'during' : 'quiet'} ${kind}` as const;
      const batch = reviewBatches[nextBatch.get(run)!]!;
      nextBatch.set(run, nextBatch.get(run)! + runs.length);
      const body = JSON.stringify({
        comments: batch.map(({ id, proposedSentiment }) => ({
          id,
          sentiment: {
            ...(kind === 'accepted' && proposedSentiment ? { sentiment: proposedSentiment } : {}),
            inReview: false,
          },
        })),
      });
      const timed = performance.now();
      const reviewed = (await ask(origin, '/v1.0/comments', admin, { method: 'PATCH', body })) as {
        batchId: string | null;
      };
      bulkTimes[kind].push(performance.now() - timed);
      if (reviewed.batchId) {
        await ask(origin, `/v1.0/comments/reviews/${reviewed.batchId}/undo`, admin, { method: 'POST' });
      }
    };

    const get = (name: string, path: string, token: string): Call => ({
      name,
      run: async () => void (await ask(origin, path, token)),
    });
    const calls: Call[] = [
      get("a project's Comments, first page", comments, demo),
      get('the same, a cursor at row 900,000', `${comments}?after=${deep}`, demo),
      get('the same, pageNumber=200', `${comments}?pageNumber=200`, demo),
      get('the same, bookmarked ones', `${comments}?isBookmarked=true`, demo),
      get('the same, not hidden', `${comments}?isHidden=false`, demo),
      get('the same, replied by you', `${comments}?repliedByYou=true`, demo),
      get('the project list', '/v1.0/projects', demo),
      get('the sentiment chart, 7 days', `/v1.0/projects/${project._id}/sentiment-summary?days=7`, demo),
      get('the sentiment chart, 30 days', `/v1.0/projects/${project._id}/sentiment-summary?days=30`, demo),
      get('the sentiment chart, 90 days', `/v1.0/projects/${project._id}/sentiment-summary?days=90`, demo),
      get('the review, first page', '/v1.0/comments?inReview=true', admin),
      get('the review, filtered by message', '/v1.0/comments?inReview=true&message=pasta', admin),
      get('the review, filtered by author', '/v1.0/comments?inReview=true&authorName=rossi', admin),
      get('the review, by an author nobody is', '/v1.0/comments?inReview=true&authorName=zzq', admin),
      get('the review, filtered by sentiment', '/v1.0/comments?inReview=true&sentiment=NEGATIVE', admin),
      get('the users search, 100,000 users', '/v1.0/users?search=jose', admin),
      // The demo user's inbox: both projects, the scale project's million comments among them.
      get('the inbox, first page (negatives first)', '/v1.0/inbox', demo),
      get('the inbox, newest first', '/v1.0/inbox?orderBy=newest', demo),
      get('the inbox, positive ones', '/v1.0/inbox?sentiment=POSITIVE', demo),
      get('the inbox, by message', '/v1.0/inbox?message=pasta', demo),
      get('the inbox, open count', '/v1.0/inbox/count', demo),
      ...spread.calls,
    ];
    const bulkCalls = {
      accepted: 'bulk review of 1,000, accepted (the PATCH)',
      rejected: 'bulk review of 1,000, rejected (the PATCH)',
    };
    const all: Call[] = [
      ...calls,
      { name: bulkCalls.accepted, run: bulkReview('accepted') },
      { name: bulkCalls.rejected, run: bulkReview('rejected') },
    ];
    /** `timeCalls`' figures with each review's own: the PATCH alone, without the undo the call also makes. */
    const withReviewsAlone = (figures: Awaited<ReturnType<typeof timeCalls>>) => {
      for (const kind of ['accepted', 'rejected'] as const) {
        figures.set(bulkCalls[kind], figure(bulkTimes[kind].splice(0).slice(WARM)));
      }
      return figures;
    };

    const quiet = withReviewsAlone(await timeCalls(all));
    const doneMatching = await doneForAllMatching(origin);

    // The same while bursts of 10,000 deliveries arrive, one after another until the last call is
    // timed, for a user who connected the sandbox's page.
    await signedInOwner(origin);
    const sender = new Worker(new URL('./bench-burst-thread.ts', import.meta.url), { workerData: { origin } });
    const sent = new Promise<{ bursts: number; acked: number }>((resolve, reject) => {
      sender.once('message', resolve);
      sender.once('error', reject);
    });
    during = true;
    const whileBursting = withReviewsAlone(await timeCalls(all));
    sender.postMessage('stop');
    const { bursts, acked } = await sent;
    await sender.terminate();

    lines.push(`each call p50 / p95 over ${CALLS} (quiet | during the burst):`);
    for (const { name } of all) {
      const [a, b] = [quiet.get(name)!, whileBursting.get(name)!];
      lines.push(`  ${name.padEnd(42)} ${a.text.padStart(13)} | ${b.text.padStart(13)}${remarks(a, b)}`);
    }
    lines.push(
      `during: ${bursts} burst${bursts === 1 ? '' : 's'} of 10,000 deliveries for page ${PAGE}, ${acked} acknowledged`,
    );
    lines.push(doneMatching);
    lines.push(...(await spread.plans()));
  } finally {
    await server.stop();
  }
  return lines;
}
