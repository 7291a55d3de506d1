import pg from 'pg';
import { PAGE, SECRET, burstOf, signedInOwner } from './bench-ingest';
import { startBenchServer } from './bench-server';

/**
 * The pages people open every day at two million comments, on PostgreSQL (`scripts/with-postgres.sh
 * npm run bench -- --scale`, docs/decisions/062): the API as `npm start` runs it, on a database of
 * its own in that cluster (`bench_scale`, kept, so a second run skips the seed), seeded with the
 * settings the README names for it: SEED_PROJECT_COMMENTS and SEED_SCALE_COMMENTS at 1,000,000 each,
 * SEED_SCALE_USERS at 100,000. Each call is timed one after another, CALLS times after WARM ones
 * that are not counted (p50 / p95); then every call again while bursts of 10,000 webhook
 * deliveries arrive, one after another, for another user's page.
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
  return { p50: at(0.5), p95: at(0.95), text: `${at(0.5).toFixed(0)} / ${at(0.95).toFixed(0)} ms` };
}

/** Each call, WARM then CALLS times, one after another: its p50 / p95. */
async function timeCalls(calls: Call[]) {
  const figures = new Map<string, ReturnType<typeof figure>>();
  for (const call of calls) {
    const samples: number[] = [];
    for (let n = 0; n < WARM + CALLS; n++) {
      const began = performance.now();
      await call.run();
      if (n >= WARM) samples.push(performance.now() - began);
    }
    figures.set(call.name, figure(samples));
  }
  return figures;
}

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

    // Seeded a moment ago, its two million rows are still being vacuumed in the background, which
    // a deployment's are not: done first, so the figures are the pages' own.
    const vacuumed = performance.now();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('vacuum (analyze) comments, comment_days, users');
    await client.end();
    lines.push(`vacuum (analyze) before timing: ${((performance.now() - vacuumed) / 1000).toFixed(1)} s`);

    const origin = server.origin;
    const demo = await tokenOf(origin, 'demo@example.com', 'Demo1234');
    const admin = await tokenOf(origin, 'admin@example.com', 'Admin1234');
    const projects = (await ask(origin, '/v1.0/projects', demo)) as { data: Array<{ _id: string; name: string }> };
    const project = projects.data.find((each) => each.name === 'Scale test project');
    if (!project) throw new Error('the scale project was not seeded');
    const comments = `/v1.0/projects/${project._id}/comments`;
    const deep = encodeURIComponent(await cursorAt(database.url, project._id, 900_000));

    // Bulk review takes 1,000 comments still in review each time, by the cursor the app uses.
    let reviewAfter = '';
    const bulkReview = async () => {
      const page = (await ask(origin, `/v1.0/comments?inReview=true${reviewAfter}`, admin)) as {
        data: Array<{ id: string; publishedAt: string }>;
      };
      const ids: string[] = page.data.map((comment) => comment.id);
      while (ids.length < 1000) {
        const last = page.data.at(-1)!;
        reviewAfter = `&after=${encodeURIComponent(`${last.publishedAt}_${last.id}`)}`;
        const next = (await ask(origin, `/v1.0/comments?inReview=true${reviewAfter}`, admin)) as typeof page;
        page.data = next.data;
        ids.push(...next.data.map((comment) => comment.id));
      }
      const body = JSON.stringify({
        comments: ids.slice(0, 1000).map((id) => ({ id, sentiment: { inReview: false } })),
      });
      const timed = performance.now();
      await ask(origin, '/v1.0/comments', admin, { method: 'PATCH', body });
      bulkTimes.push(performance.now() - timed);
    };
    const bulkTimes: number[] = [];

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
    ];
    const all: Call[] = [...calls, { name: 'bulk review of 1,000 (the PATCH alone)', run: bulkReview }];

    const quiet = await timeCalls(all);
    const quietBulk = figure(bulkTimes.splice(0).slice(WARM));
    const doneMatching = await doneForAllMatching(origin);

    // The same while bursts of 10,000 deliveries arrive, one after another until the last call is
    // timed, for a user who connected the sandbox's page.
    await signedInOwner(origin);
    let timing = true;
    let bursts = 0;
    let acked = 0;
    const arriving = (async () => {
      while (timing) {
        acked += (await burstOf(origin, 10_000, bursts * 10_000)).acked;
        bursts += 1;
      }
    })();
    const during = await timeCalls(all);
    const duringBulk = figure(bulkTimes.splice(0).slice(WARM));
    timing = false;
    await arriving;

    lines.push(`each call p50 / p95 over ${CALLS} (quiet | during the burst):`);
    for (const call of all) {
      const name = call.name;
      const [a, b] = name.startsWith('bulk') ? [quietBulk, duringBulk] : [quiet.get(name)!, during.get(name)!];
      const over = Math.max(a.p95, b.p95) > 100 ? '  over 100 ms' : '';
      lines.push(`  ${name.padEnd(42)} ${a.text.padStart(13)} | ${b.text.padStart(13)}${over}`);
    }
    lines.push(
      `during: ${bursts} burst${bursts === 1 ? '' : 's'} of 10,000 deliveries for page ${PAGE}, ${acked} acknowledged`,
    );
    lines.push(doneMatching);
  } finally {
    await server.stop();
  }
  return lines;
}
