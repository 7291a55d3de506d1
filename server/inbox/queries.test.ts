import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as inbox from '../../contract/inbox';
import { rowsOf } from '../db/client';
import { startHarness, type Harness } from '../test/harness';
import { countInbox, inboxPage, type InboxFilter } from './queries';

/**
 * The inbox filtered by words, checked against every comment sorted in memory: its pages
 * (`inboxPage`), by number and by cursor, in both orders, and its count (`countInbox`), each
 * found two ways (each channel's newest read first, up to a bound, else the trigram index), for
 * words found often, seldom and never, and with a sentiment they never go with.
 */
let h: Harness;
let channelIds: string[];
type Row = {
  id: string;
  message: string;
  sentiment: string;
  inReview: boolean;
  proposed: string | null;
  ms: number;
  done: boolean;
  top: boolean;
};
let all: Row[];

beforeAll(async () => {
  h = await startHarness();
  const owner = await h.signedInUser();
  const me = { id: owner.user._id };
  // A busy channel, a quiet one and one between; times shared by several comments (ties by id).
  const sizes = [1400, 40, 260];
  channelIds = [];
  for (const [n, size] of sizes.entries()) {
    const channel = await h.factories.channel(me, { name: `Channel ${n}` });
    channelIds.push(channel.id);
    await h.db.execute(sql`
      insert into comments (channel_id, external_id, message, author_name, sentiment, in_review, proposed_sentiment, published_at, done_at)
      select ${channel.id}::uuid, 'walk-' || ${n} || '-' || g,
             case when g % 7 = 0 then 'Tiramisu again #' || g
                  when g % 151 = 3 then 'A nut allergy? #' || g
                  else 'Nice coffee #' || g end,
             'Author', said.sentiment,
             -- Unclassified: most wait for a reviewer with a proposal (negative or not), some were
             -- reviewed and kept it (not in review: no longer "probably" anything).
             said.sentiment = 'UNCLASSIFIED' and g % 3 <> 0,
             case when said.sentiment = 'UNCLASSIFIED' then (array['NEGATIVE', 'POSITIVE', 'NEUTRAL', 'NEGATIVE'])[1 + g % 4] end,
             timestamptz '2026-01-01' + make_interval(mins => (g * 13 + ${n}) % 500),
             case when g % 5 = 0 then timestamptz '2026-02-01' end
      from generate_series(1, ${size}) as g
      -- As people write: a tiramisu is never a complaint, an allergy a question.
      cross join lateral (select case when g % 7 = 0 then (array['POSITIVE', 'NEUTRAL'])[1 + g % 2]
                  when g % 151 = 3 then 'NEUTRAL'
                  else (array['NEGATIVE', 'POSITIVE', 'UNCLASSIFIED', 'NEUTRAL', 'POSITIVE', 'NEGATIVE', 'UNCLASSIFIED'])[1 + (g * 7 + ${n}) % 7] end as sentiment) as said`);
  }
  all = rowsOf<Row>(
    await h.db.execute(sql`
      select id::text, message, sentiment, in_review as "inReview", proposed_sentiment as proposed,
             (extract(epoch from published_at) * 1000)::float8 as ms, done_at is not null as done, parent_id is null as top
      from comments where channel_id = any(${sql.raw(`array[${channelIds.map((id) => `'${id}'::uuid`).join(', ')}]`)})`),
  );
});
afterAll(async () => {
  await h?.stop();
});

/** Negative, or waiting for a reviewer with a negative proposal: "Probably negative". */
const negativeOrProbably = (row: Row) =>
  row.sentiment === 'NEGATIVE' || (row.sentiment === 'UNCLASSIFIED' && row.inReview && row.proposed === 'NEGATIVE');

/** The whole order, in memory: rank (negatives, or probably, first unless newest), then newest, then id. */
function expected(filter: InboxFilter, order: inbox.InboxOrder) {
  const word = (filter.message ?? '').toLowerCase();
  const rank = (row: Row) => (order === 'newest' || filter.sentiment || negativeOrProbably(row) ? 0 : 1);
  return all
    .filter(
      (row) =>
        row.top &&
        row.done === (filter.state === 'done') &&
        (!filter.sentiment || row.sentiment === filter.sentiment) &&
        row.message.toLowerCase().includes(word),
    )
    .sort((a, b) => rank(a) - rank(b) || Number(b.ms) - Number(a.ms) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((row) => ({ id: row.id, rank: rank(row) as 0 | 1 }));
}

/** Every page of `filter` by number and by cursor, against the whole order in memory. */
async function expectEveryPage(
  filter: InboxFilter,
  order: inbox.InboxOrder,
  walks: { walkBudget?: number; walkMost?: number } = {},
) {
  const whole = expected(filter, order);
  const limit = 40;
  // By number: the first pages and one past the end.
  for (const offset of [0, 40, 400, 2000]) {
    const page = await inboxPage(h.db, channelIds, filter, { order, limit, offset, ...walks });
    expect(page, `offset ${offset}`).toEqual(whole.slice(offset, offset + limit));
  }
  // By cursor, to the end.
  let after: string | undefined;
  const seen: string[] = [];
  for (let guard = 0; guard < 100; guard++) {
    const page = await inboxPage(h.db, channelIds, filter, { order, after, limit, offset: 0, ...walks });
    expect(page, `after ${seen.length}`).toEqual(whole.slice(seen.length, seen.length + limit));
    seen.push(...page.map((row) => row.id));
    const last = page.at(-1);
    if (!last || page.length < limit) break;
    const row = all.find((each) => each.id === last.id)!;
    after = inbox.inboxCursor(last.rank, { publishedAt: new Date(Number(row.ms)).toISOString(), id: row.id });
  }
  expect(seen).toEqual(whole.map((row) => row.id));
}

it('has comments of each kind the order tells apart', () => {
  const open = all.filter((row) => row.top && !row.done);
  const kinds = new Set(
    open.map((row) =>
      row.sentiment === 'NEGATIVE'
        ? 'negative'
        : negativeOrProbably(row)
          ? 'probably negative'
          : row.sentiment === 'UNCLASSIFIED' && row.proposed === 'NEGATIVE'
            ? 'reviewed, once proposed negative'
            : row.sentiment === 'UNCLASSIFIED' && row.inReview
              ? 'probably something else'
              : 'other',
    ),
  );
  expect([...kinds].sort()).toEqual([
    'negative',
    'other',
    'probably negative',
    'probably something else',
    'reviewed, once proposed negative',
  ]);
});

describe('the inbox without words', () => {
  // Negatives first: the negatives fill the first pages, then the others follow on a page they
  // share with the last negatives; and the done ones, which have few negatives.
  const cases: Array<[string, InboxFilter]> = [
    ['the open ones', {}],
    ['the done ones', { state: 'done' }],
    ['one sentiment', { sentiment: 'NEGATIVE' }],
  ];
  for (const [name, filter] of cases) {
    for (const order of ['negativeFirst', 'newest'] as const) {
      it(`${name}, ${order}: every page by number and by cursor`, async () => {
        await expectEveryPage(filter, order);
      });
    }
  }
});

describe('the inbox by words', () => {
  const cases: Array<[string, InboxFilter]> = [
    ['a common word', { message: 'tiramisu' }],
    ['a rare word', { message: 'allergy' }],
    ['a word nobody wrote', { message: 'gelato' }],
    ['a common word, done', { message: 'coffee', state: 'done' }],
    ['what every comment has', { message: '#' }],
    ['a word with a sentiment it never has', { message: 'allergy', sentiment: 'POSITIVE' }],
    ['a common word with a sentiment it has', { message: 'tiramisu', sentiment: 'NEUTRAL' }],
    ['words in capitals', { message: 'TIRAMISU AGAIN' }],
    // `_` is a character to find, not LIKE's any character (" again" is everywhere, "_again" nowhere).
    ['a pattern character, literally', { message: '_again' }],
  ];
  for (const [name, filter] of cases) {
    for (const order of ['negativeFirst', 'newest'] as const) {
      // Walked on each channel's newest first: too short to be sure of the page (then asked of
      // the trigram index), then further, long enough at once, or not at all.
      for (const [walkBudget, walkMost] of [
        [0, 0],
        [60, 60],
        [60, 100_000],
        [100_000, 100_000],
      ] as const) {
        it(`${name}, ${order}, walked ${walkBudget} first and at most ${walkMost}: every page by number and by cursor`, async () => {
          await expectEveryPage(filter, order, { walkBudget, walkMost });
        });
      }
    }
    // Counted on each channel's newest first: read too short to be sure, then further where the
    // budget allows (else on the trigram index), long enough at once, or not at all.
    for (const [firstWalk, walkBudget] of [
      [0, 0],
      [60, 60],
      [60, 600],
      [60, 100_000],
      [100_000, 100_000],
    ] as const) {
      it(`${name}: counted, read ${firstWalk} first and at most ${walkBudget}`, async () => {
        const total = expected(filter, 'newest').length;
        expect(await countInbox(h.db, channelIds, filter, { firstWalk, walkBudget })).toEqual(
          total > 1000 ? { total: 1000, atLeast: true } : { total, atLeast: false },
        );
      });
    }
  }
});
