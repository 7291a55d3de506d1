import { eq, sql } from 'drizzle-orm';
import { COMMENTS_CHANGED, type CommentsChangedEvent } from '../../contract/realtime';
import { rowsOf as rowsOfResult } from '../db/client';
import type { Publisher } from '../realtime/publisher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments } from '../db/schema';
import { createCommentJudge } from '../sentiment/judge';
import { startHarness, type Harness } from '../test/harness';
import { seededRandom } from '../test/random';
import { applyFacebookWebhooks } from '../webhooks/job';
import { pageFeedDelivery } from '../webhooks/meta-deliveries';
import { isNewer, LISTING_MARGIN_MS, listingEvents, writeCommentEvents, type CommentEvent } from './writer';

/**
 * The one writer's promise (docs/decisions/055): whatever the order, the repeats, the batching and
 * the sources (Meta's webhooks, the sync's listings, the app's own replies), the same events end
 * in the same rows; and a listing taken after the last change ends them as the provider has them.
 * Histories are made from seeds, so a failure names the seed that shows it.
 */
let h: Harness;
const judge = createCommentJudge({ threshold: 0.7 });
beforeAll(async () => {
  h = await startHarness();
  await judge.ready();
});
afterAll(async () => {
  await h?.stop();
});

type Live = { id: string; parent: string | null; message: string; author: string; fromPage: boolean; created: number };

/** What reaches the app: a webhook delivery, a listing of the channel, or the app's own reply write. */
type Arrival =
  | { kind: 'webhook'; delivery: ReturnType<typeof pageFeedDelivery> }
  | { kind: 'listing'; listed: Live[]; askedAt: number }
  | { kind: 'reply'; reply: Live; at: number };

const PAGE_NAME = 'Espresso Bar Milano';
const PEOPLE = ['Alessia Greco', 'Tom Walker', 'Priya Shah'];
const WORDS = ['Great coffee', 'Cold pasta', 'Open Sunday?', 'Grazie', 'Bill was wrong', 'Lovely staff'];

/**
 * A page's history: comments, replies (some the page's own), edits (two in one second at times),
 * removals, each delivered as Meta does (10 % twice); the sync's listings taken now and then; the
 * app's writes of the page's own replies. Answers what arrives, and the page as it ends.
 */
function history(seed: number, pageId: string) {
  const rng = seededRandom(seed);
  const live = new Map<string, Live>();
  const arrivals: Arrival[] = [];
  let second = 1_790_000_000;
  let made = 0;
  const deliver = (delivery: ReturnType<typeof pageFeedDelivery>) => {
    arrivals.push({ kind: 'webhook', delivery });
    if (rng.next() < 0.1) arrivals.push({ kind: 'webhook', delivery });
  };
  const change = (verb: 'add' | 'edited' | 'remove', comment: Live) =>
    deliver(
      pageFeedDelivery(pageId, [
        {
          verb,
          commentId: comment.id,
          time: second,
          createdTime: comment.created,
          message: comment.message,
          parentId: comment.parent ?? undefined,
          from: comment.fromPage
            ? { id: pageId, name: PAGE_NAME }
            : { id: `9${comment.author.length}`, name: comment.author },
        },
      ]),
    );
  for (let step = 0; step < 28; step++) {
    // Often the same second (Meta's times are whole seconds), sometimes minutes later.
    second += rng.pick([0, 0, 1, 1, 2, 75]);
    const tops = [...live.values()].filter((each) => each.parent === null);
    const roll = rng.next();
    if (roll < 0.35 || live.size === 0) {
      const parent = tops.length > 0 && rng.next() < 0.4 ? rng.pick(tops) : undefined;
      const fromPage = parent !== undefined && rng.next() < 0.5;
      const comment: Live = {
        id: `${pageId}_c${++made}`,
        parent: parent?.id ?? null,
        message: rng.pick(WORDS),
        author: fromPage ? PAGE_NAME : rng.pick(PEOPLE),
        fromPage,
        created: second,
      };
      live.set(comment.id, comment);
      change('add', comment);
      // The page's own reply posted from the app: the app writes it with its own clock, too.
      if (fromPage) arrivals.push({ kind: 'reply', reply: { ...comment }, at: second * 1000 + rng.int(999) });
    } else if (roll < 0.7) {
      const comment = rng.pick([...live.values()]);
      comment.message = `${rng.pick(WORDS)} (${step})`;
      change('edited', comment);
      // A second edit in the same second.
      if (rng.next() < 0.3) {
        comment.message = `${rng.pick(WORDS)} (${step}b)`;
        change('edited', comment);
      }
    } else if (roll < 0.85) {
      const comment = rng.pick([...live.values()]);
      live.delete(comment.id);
      for (const reply of [...live.values()].filter((each) => each.parent === comment.id)) live.delete(reply.id);
      change('remove', comment);
    } else {
      arrivals.push({
        kind: 'listing',
        listed: [...live.values()].map((each) => ({ ...each })),
        askedAt: second * 1000 + 500,
      });
    }
  }
  // The sync, a few minutes after the last change: it sees the page as it is.
  second += 300;
  const lastListing: Arrival = {
    kind: 'listing',
    listed: [...live.values()].map((each) => ({ ...each })),
    askedAt: second * 1000,
  };
  return { arrivals, lastListing, final: live };
}

/** The rows of a channel as the comparison reads them. */
async function rowsOf(channelId: string) {
  const rows = await h.db.select().from(comments).where(eq(comments.channelId, channelId));
  const externalOf = new Map(rows.map((row) => [row.id, row.externalId]));
  return rows
    .map((row) => ({
      id: row.externalId,
      parent: row.parentId ? externalOf.get(row.parentId)! : null,
      message: row.message,
      author: row.authorName,
      fromPage: row.fromChannel,
      replies: row.channelReplyCount,
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** The page's comments as the provider ends with them, as rows. */
function expectedRows(final: Map<string, Live>) {
  const live = [...final.values()];
  return live
    .map((each) => ({
      id: each.id,
      parent: each.parent,
      message: each.message,
      author: each.author,
      fromPage: each.fromPage,
      replies: live.filter((reply) => reply.parent === each.id && reply.fromPage).length,
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * Applies the arrivals in `order`, a few at a time and two batches at once, as the job queue,
 * the sync and the reply route would; a webhook or a reply that waits for its parent comes again
 * after the others, as a job's retry does.
 */
async function applyAll(channelId: string, arrivals: Arrival[], rng: ReturnType<typeof seededRandom>) {
  const deps = { db: h.appDb, log: h.logs.log, judge, publisher: recorder };
  let queue = [...arrivals];
  let jobId = 0;
  for (let round = 0; queue.length > 0 && round < 50; round++) {
    const retry: Arrival[] = [];
    const batches: Arrival[][] = [];
    while (queue.length > 0) batches.push(queue.splice(0, 1 + rng.int(4)));
    const run = async (batch: Arrival[]) => {
      const webhooks = batch.flatMap((each) => (each.kind === 'webhook' ? [each] : []));
      if (webhooks.length > 0) {
        const jobs = webhooks.map((each) => ({
          id: String(++jobId),
          data: { delivery: each.delivery },
          arrival: each,
        }));
        const failed = await applyFacebookWebhooks(deps, jobs);
        for (const job of jobs) if (failed.some((each) => each.id === job.id)) retry.push(job.arrival);
      }
      for (const each of batch) {
        if (each.kind === 'listing') {
          await writeCommentEvents(
            deps,
            listingEvents(channelId, each.listed.map(providerComment), new Date(each.askedAt)),
          );
        } else if (each.kind === 'reply') {
          const event: CommentEvent = {
            type: 'upsert',
            on: { channelId },
            externalId: each.reply.id,
            parentExternalId: each.reply.parent,
            message: each.reply.message,
            authorName: PAGE_NAME,
            publishedAt: new Date(each.at),
            changedAt: new Date(each.at),
            fromChannel: true,
          };
          const applied = await writeCommentEvents(deps, [event]);
          if (applied.waiting.size > 0) retry.push(each);
        }
      }
    };
    for (let n = 0; n < batches.length; n += 2) await Promise.all(batches.slice(n, n + 2).map(run));
    queue = retry;
  }
  expect(queue).toEqual([]);
}

const providerComment = (each: Live) => ({
  externalId: each.id,
  parentExternalId: each.parent,
  message: each.message,
  authorName: each.author,
  publishedAt: new Date(each.created * 1000),
  fromChannel: each.fromPage,
});

/** What the writer told the channels' owners (CommentsChanged), as a publisher would send it. */
const told: CommentsChangedEvent[] = [];
const recorder = {
  toUser: async (_userId: string, name: string, event: unknown) => {
    if (name === COMMENTS_CHANGED) told.push(event as CommentsChangedEvent);
  },
} as unknown as Publisher;

/** The channel's count changes the writer told, added up: `day sentiment: n` lines, zeros left out. */
function toldCounts(channelId: string) {
  const sums = new Map<string, number>();
  for (const event of told.filter((each) => each.channelId === channelId)) {
    for (const { date, sentiment, change } of event.counted) {
      sums.set(`${date} ${sentiment}`, (sums.get(`${date} ${sentiment}`) ?? 0) + change);
    }
  }
  return [...sums]
    .filter(([, n]) => n !== 0)
    .map(([key, n]) => `${key}: ${n}`)
    .sort();
}

/** The channel's top-level comments, counted by UTC day and sentiment: what a project's chart shows. */
async function countedNow(channelId: string) {
  const rows = rowsOfResult<{ key: string }>(
    await h.appDb.execute(sql`
      select to_char(published_at at time zone 'UTC', 'YYYY-MM-DD') || ' ' || sentiment || ': ' || count(*) as key
      from comments where channel_id = ${channelId}::uuid and parent_id is null
      group by to_char(published_at at time zone 'UTC', 'YYYY-MM-DD'), sentiment`),
  );
  return rows.map((row) => row.key).sort();
}

let pages = 0;
async function freshChannel() {
  const { row: owner } = await h.factories.user();
  const pageId = `77${String(Date.now()).slice(-8)}${String(++pages).padStart(3, '0')}`;
  const channel = await h.factories.channel(owner, { kind: 'facebook-page', externalId: pageId, name: PAGE_NAME });
  return { pageId, channel };
}

/** Comments of nearly 8,000 characters (as a commenter may write), each ending in its number. */
const longMessage = (words: string) => (n: number) =>
  `${words.repeat(Math.ceil(7990 / words.length)).slice(0, 7990)} ${n}`;

/** An upsert by `authorName` on `on`, published and changed at `at`. */
const upsertOn =
  (on: CommentEvent['on'], authorName: string, at: Date) =>
  (externalId: string, message: string, parentExternalId: string | null = null): CommentEvent => ({
    type: 'upsert',
    on,
    externalId,
    parentExternalId,
    message,
    authorName,
    publishedAt: at,
    changedAt: at,
    fromChannel: false,
  });

/** The writer's deps with a judge that notes every message it is asked to judge. */
function countingJudge() {
  const judged: string[] = [];
  const counting = {
    ready: () => judge.ready(),
    judge: (message: string) => (judged.push(message), judge.judge(message)),
  };
  return { judged, deps: { db: h.appDb, log: h.logs.log, judge: counting } };
}

describe('the one writer', () => {
  it('orders two changes at the same time by their words, whichever came first', () => {
    const at = new Date(1_790_000_000_999);
    const a = { changedAt: at, message: 'Open at 8', authorName: 'Tom' };
    const b = { changedAt: at, message: 'Open at 9', authorName: 'Tom' };
    expect(isNewer(b, a)).toBe(true);
    expect(isNewer(a, b)).toBe(false);
    expect(isNewer(a, a)).toBe(false);
    expect(isNewer({ ...a, changedAt: new Date(at.getTime() + 1) }, b)).toBe(true);
    expect(isNewer(a, { ...b, changedAt: null })).toBe(true);
  });

  it('sees a listing a little before it was asked for: a change the provider made just after still wins', () => {
    const [event] = listingEvents(
      'c',
      [
        {
          externalId: 'x',
          parentExternalId: null,
          message: 'm',
          authorName: 'a',
          publishedAt: new Date(0),
          fromChannel: false,
        },
      ],
      new Date(100_000),
    );
    expect(event!.changedAt.getTime()).toBe(100_000 - LISTING_MARGIN_MS);
  });

  it('writes a burst of long comments and their replies whole, a few transactions at a time', async () => {
    const { channel } = await freshChannel();
    const long = longMessage('Lungo commento sul servizio e sul caffè. ');
    const upsert = upsertOn({ channelId: channel.id }, 'Tom Walker', new Date());
    // Replies first: they still find their parents, written in an earlier transaction.
    const events = [
      ...Array.from({ length: 20 }, (_, n) => upsert(`r${n}`, long(100 + n), `t${n}`)),
      ...Array.from({ length: 20 }, (_, n) => upsert(`t${n}`, long(n))),
    ];
    const applied = await writeCommentEvents({ db: h.appDb, log: h.logs.log, judge }, events);
    expect(applied.waiting.size).toBe(0);
    expect(applied.byChannel.get(channel.id)?.added).toBe(40);
    const rows = await rowsOf(channel.id);
    expect(rows).toHaveLength(40);
    expect(rows.filter((row) => row.parent !== null)).toHaveLength(20);
  });

  it('gives comments ids in the order they arrive: UUIDv7s that carry the time they were written', async () => {
    const { channel } = await freshChannel();
    const upsert = upsertOn({ channelId: channel.id }, 'Tom Walker', new Date());
    const deps = { db: h.appDb, log: h.logs.log, judge };
    const idsOf = async () =>
      (await h.appDb.select({ id: comments.id }).from(comments).where(eq(comments.channelId, channel.id))).map(
        (row) => row.id,
      );
    const written = async (batch: string) => {
      const before = Date.now();
      await writeCommentEvents(
        deps,
        Array.from({ length: 5 }, (_, n) => upsert(`${batch}${n}`, 'Great coffee')),
      );
      return { before, after: Date.now() };
    };
    const first = await written('a');
    const firstIds = await idsOf();
    // A millisecond apart at least, so the second batch's time is later in every id.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await written('b');
    const secondIds = (await idsOf()).filter((id) => !firstIds.includes(id));
    expect(firstIds).toHaveLength(5);
    expect(secondIds).toHaveLength(5);
    const timeOf = (id: string) => parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    for (const [ids, { before, after }] of [
      [firstIds, first],
      [secondIds, second],
    ] as const) {
      for (const id of ids) {
        // Version 7, RFC 9562's variant (10xx).
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(timeOf(id)).toBeGreaterThanOrEqual(before);
        expect(timeOf(id)).toBeLessThanOrEqual(after);
      }
    }
    expect(Math.max(...firstIds.map(timeOf))).toBeLessThan(Math.min(...secondIds.map(timeOf)));
    expect([...firstIds].sort().at(-1)! < [...secondIds].sort()[0]!).toBe(true);
  });

  it('judges a burst of long comments once: written again (a batch its job ran twice), nothing is judged again', async () => {
    const { channel } = await freshChannel();
    const long = longMessage('Servizio lento, caffè freddo. ');
    const at = new Date();
    const upsert = upsertOn({ channelId: channel.id }, 'Tom Walker', at);
    const events = Array.from({ length: 30 }, (_, n) => upsert(`long${n}`, long(n)));
    const { judged, deps } = countingJudge();
    expect((await writeCommentEvents(deps, events)).byChannel.get(channel.id)?.added).toBe(30);
    expect(judged).toHaveLength(30);
    judged.length = 0;
    await writeCommentEvents(deps, events);
    expect(judged).toEqual([]);
    // New words on one of them are judged, and only those.
    const edited = { ...events[4]!, message: `${long(4)} (edited)`, changedAt: new Date(at.getTime() + 1000) };
    const again = await writeCommentEvents(deps, [...events, edited]);
    expect(judged).toEqual([edited.message]);
    expect([...again.byChannel.get(channel.id)!.edited.values()]).toEqual([edited.message]);
  });

  it('judges the words of a page again only for a channel following it that lacks them', async () => {
    const { pageId, channel } = await freshChannel();
    const long = longMessage('Pizza buonissima, servizio ottimo. ');
    const upsert = upsertOn({ kind: 'facebook-page', externalId: pageId }, 'Priya Shah', new Date());
    const events = Array.from({ length: 20 }, (_, n) => upsert(`page${n}`, long(n)));
    const { judged, deps } = countingJudge();
    await writeCommentEvents(deps, events);
    expect(judged).toHaveLength(20);
    judged.length = 0;
    await writeCommentEvents(deps, events);
    expect(judged).toEqual([]);
    // Another user's channel follows the same page: it lacks them, so they are judged and written.
    const { row: other } = await h.factories.user();
    const second = await h.factories.channel(other, { kind: 'facebook-page', externalId: pageId, name: PAGE_NAME });
    const applied = await writeCommentEvents(deps, events);
    expect(judged).toHaveLength(20);
    expect(applied.byChannel.get(second.id)?.added).toBe(20);
    expect(applied.byChannel.get(channel.id)?.added ?? 0).toBe(0);
  });

  // Each seed: a history, applied in three orders (as it happened, then shuffled, repeated,
  // batched, two batches at once); then the sync's listing taken after it all.
  for (const seed of [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]) {
    it(`ends in the same rows whatever the order, and as the provider has them (seed ${seed})`, async () => {
      const outcomes: unknown[] = [];
      for (let order = 0; order < 3; order++) {
        const { pageId, channel } = await freshChannel();
        const { arrivals, lastListing, final } = history(seed, pageId);
        const rng = seededRandom(seed * 1000 + order);
        await applyAll(channel.id, order === 0 ? arrivals : rng.shuffle(arrivals), rng);
        const rows = await rowsOf(channel.id);
        // Without the page's own prefix, so the three pages compare.
        const local = (id: string | null) => id?.slice(pageId.length) ?? null;
        outcomes.push(rows.map((row) => ({ ...row, id: local(row.id), parent: local(row.parent) })));
        // A listing after the last change has the last word (on two edits in one second, say):
        // the page as the provider has it.
        await applyAll(channel.id, [lastListing], rng);
        expect(await rowsOf(channel.id)).toEqual(expectedRows(final));
        // What the owner's open chart was told, added up, is what it would read.
        expect(toldCounts(channel.id)).toEqual(await countedNow(channel.id));
      }
      expect(outcomes[1]).toEqual(outcomes[0]);
      expect(outcomes[2]).toEqual(outcomes[0]);
    });
  }
});
