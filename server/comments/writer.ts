import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { COMMENTS_CHANGED, type CommentsChangedEvent } from '../../contract/realtime';
import type { ChannelKind, Sentiment } from '../../contract/fields';
import { isPglite, rowsOf, type Database } from '../db/client';
import { safeError, type Logger } from '../log';
import type { Publisher } from '../realtime/publisher';
import { letRequestsIn } from '../event-loop';
import { judgedAhead, type CommentJudge } from '../sentiment/judge';
import { tellAdminsCommentsArrived } from './arrivals';
import { mergePendingSearchEntries } from './search-entries';

/**
 * The one writer of comments (docs/decisions/055). Whatever the source (Meta's webhooks, the
 * scheduled sync's and an account's first fetch's listings, the app's own replies, the sandbox),
 * a change to a comment is a CommentEvent, and only this module turns events into rows, under one
 * set of rules:
 *
 * - **Provider time, then a tie-break.** An upsert changes a row only when it is newer than the
 *   change the row last took: a later `changedAt`, or, at the same time (Meta gives whole seconds),
 *   the greater of the two texts (`isNewer`). So any order and any repetition of the same events
 *   end in the same rows.
 * - **Tombstones.** A removal deletes the comment with its replies and is remembered
 *   (`comment_removals`), so a late add, edit or listing of it, or of a reply under it, never
 *   brings it back; tombstones older than REMOVALS_KEPT_DAYS are pruned (`pruneRemovals`).
 * - **Replies wait for their parent.** A reply whose parent is not here yet is answered back as
 *   `waiting`: a webhook's job runs again; a listing's next pass brings it.
 * - **Locks.** Every comment an event names is locked for the transaction (advisory locks, taken
 *   in one order), then its row and tombstone are read, then written: two workers, two instances
 *   or two sources never interleave changes of one comment.
 * - **Counts.** A channel's own reply added or removed counts again on its parent
 *   (`channel_reply_count`).
 * - **The classifier's proposal.** A new comment, or new words, are judged (docs/decisions/048),
 *   unless a person has already reviewed it.
 *
 * Set-based: a handful of statements for the whole batch, whatever its count (decision 045); a
 * burst of long comments in several transactions (`TEXT_PER_TRANSACTION`).
 */

/** Where an event's comment is: every channel that follows a provider's page or account, or one channel. */
export type CommentedPlace = { kind: ChannelKind; externalId: string } | { channelId: string };

export type CommentUpsert = {
  type: 'upsert';
  on: CommentedPlace;
  externalId: string;
  /** The comment answered, for a reply. */
  parentExternalId: string | null;
  message: string;
  authorName: string;
  publishedAt: Date;
  /** When the provider made this change, or when a listing saw it (`listingEvents`). */
  changedAt: Date;
  /** Written by the page, account or organization itself. */
  fromChannel: boolean;
};
export type CommentRemoval = { type: 'remove'; on: CommentedPlace; externalId: string; changedAt: Date };
export type CommentEvent = CommentUpsert | CommentRemoval;

/** What a row's last change was, as far as ordering goes. */
export type ChangeStamp = { changedAt: Date | null; message: string; authorName: string };

/**
 * Whether `change` is newer than what a row last took: a later time; at the same time, the greater
 * (message, author) in code-unit order, so that two changes in one second end the same whichever
 * came first. A row with no time (kept before times were) takes any change.
 */
export function isNewer(change: ChangeStamp, row: ChangeStamp): boolean {
  if (row.changedAt === null) return true;
  if (change.changedAt === null) return false;
  const byTime = change.changedAt.getTime() - row.changedAt.getTime();
  if (byTime !== 0) return byTime > 0;
  if (change.message !== row.message) return change.message > row.message;
  return change.authorName > row.authorName;
}

/**
 * How long before a listing was asked for its comments count as seen: a provider's clock a
 * little behind ours must not let what it listed pass for newer than a change it made after.
 */
export const LISTING_MARGIN_MS = 60_000;

/** A provider's listing of a channel's comments as events: each as seen just before `askedAt`, parents first. */
export function listingEvents(
  channelId: string,
  listed: Array<Omit<CommentUpsert, 'type' | 'on' | 'changedAt'>>,
  askedAt: Date,
): CommentUpsert[] {
  const changedAt = new Date(askedAt.getTime() - LISTING_MARGIN_MS);
  return listed
    .map((comment) => ({ ...comment, type: 'upsert' as const, on: { channelId }, changedAt }))
    .sort((a, b) => Number(a.parentExternalId !== null) - Number(b.parentExternalId !== null));
}

/** A listing's comments written at once (one transaction each). */
const LISTED_AT_ONCE = 500;

/**
 * Writes what a provider lists of one channel's comments, seen at `askedAt` (`listingEvents`): new
 * comments are added, changed ones take the listed text, a removed one stays removed; a few
 * hundred at a time, parents first, so one transaction never holds the database long. A reply
 * whose parent is not listed nor here waits for the next listing. Answers the ids of those added.
 */
export async function writeListing(
  deps: CommentWriterDeps,
  channelId: string,
  listed: Array<Omit<CommentUpsert, 'type' | 'on' | 'changedAt'>>,
  askedAt: Date,
): Promise<string[]> {
  const events = listingEvents(channelId, listed, askedAt);
  const added: string[] = [];
  for (let start = 0; start < events.length; start += LISTED_AT_ONCE) {
    const applied = await writeCommentEvents(deps, events.slice(start, start + LISTED_AT_ONCE));
    added.push(...(applied.byChannel.get(channelId)?.addedIds ?? []));
  }
  return added;
}

/** How long a removal is remembered: well past Meta's retries of a delivery (about a day and a half). */
export const REMOVALS_KEPT_DAYS = 7;

/** Forgets removals older than REMOVALS_KEPT_DAYS (the sync's round does it); answers how many. */
export async function pruneRemovals(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - REMOVALS_KEPT_DAYS * 86_400_000).toISOString();
  const pruned = await db.execute(
    sql`delete from comment_removals where removed_at < ${before}::timestamptz returning 1 as pruned`,
  );
  return rowsOf(pruned).length;
}

export type Applied = {
  /** Per channel that changed, with its owner: what the owner's open app is told. */
  byChannel: Map<string, ChannelChanges>;
  /** The events of replies whose parent has not arrived: to be applied again later. */
  waiting: Set<CommentEvent>;
  /** How many of the comments added went to the sentiment review (what admins are told). */
  addedToReview: number;
  /** The id of each comment an upsert named that is here now, by `keyOf(channelId, externalId)`. */
  ids: Map<string, string>;
};

export type ChannelChanges = {
  ownerId: string;
  added: number;
  /** The ids of the comments added. */
  addedIds: string[];
  edited: Map<string, string>;
  removed: Set<string>;
  /**
   * How the channel's top-level comments changed by UTC day and sentiment, as comment_days counts
   * them (`countedKey`): what an open chart adds up without reading itself again.
   */
  counted: Map<string, number>;
};

/** A day and sentiment of ChannelChanges.counted. */
const countedKey = (publishedAt: string | Date, sentiment: string) =>
  `${new Date(publishedAt).toISOString().slice(0, 10)} ${sentiment}`;

/** `change` more (or fewer) under `key` of a ChannelChanges.counted; a key at zero goes. */
function addCount(counted: Map<string, number>, key: string, change: number) {
  const now = (counted.get(key) ?? 0) + change;
  if (now === 0) counted.delete(key);
  else counted.set(key, now);
}

/** `change` more (or fewer) top-level comments published then, of that sentiment. */
const countChange = (changes: ChannelChanges, publishedAt: string | Date, sentiment: string, change: number) =>
  addCount(changes.counted, countedKey(publishedAt, sentiment), change);

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

/** One comment on one channel, and the events about it in this batch. */
type Target = {
  channelId: string;
  externalId: string;
  removal: CommentRemoval | undefined;
  /** The newest add or edit (`isNewer`): the one that can change the row. */
  latest: CommentUpsert | undefined;
};

/** A comment's key on its channel, as `Applied.ids` names it. */
export const keyOf = (channelId: string, externalId: string) => `${channelId}\u0000${externalId}`;

const stampOf = (event: CommentUpsert): ChangeStamp => ({
  changedAt: event.changedAt,
  message: event.message,
  authorName: event.authorName,
});

/**
 * Applies `events` in the caller's transaction (see above); `judge` gives new words their
 * sentiment (judge them ahead, outside the transaction: `writeCommentEvents` does).
 */
export async function applyCommentEvents(tx: Executor, events: CommentEvent[], judge: CommentJudge): Promise<Applied> {
  const applied = nothingApplied();
  if (events.length === 0) return applied;

  // The channels each event is about: those following a page or account, or the one named.
  const places = [
    ...new Map(
      events.map((event) => [
        placeKey(event.on),
        'channelId' in event.on
          ? { channelId: event.on.channelId }
          : { kind: event.on.kind, externalId: event.on.externalId },
      ]),
    ).values(),
  ];
  const found = rowsOf<{ id: string; owner_id: string; kind: string; external_id: string }>(
    await tx.execute(sql`
      select c.id, c.owner_id, c.kind, c.external_id
      from channels c
      join jsonb_to_recordset(${JSON.stringify(places)}::jsonb) as p("channelId" uuid, kind text, "externalId" text)
        on (p."channelId" is not null and c.id = p."channelId")
        or (p."channelId" is null and c.kind = p.kind and c.external_id = p."externalId")`),
  );
  if (found.length === 0) return applied;
  const ownerOf = new Map(found.map((row) => [row.id, row.owner_id]));
  const channelsOf = new Map<string, string[]>();
  const add = (key: string, id: string) => channelsOf.set(key, [...new Set([...(channelsOf.get(key) ?? []), id])]);
  for (const row of found) {
    add(placeKey({ kind: row.kind as ChannelKind, externalId: row.external_id }), row.id);
    add(placeKey({ channelId: row.id }), row.id);
  }

  // Each comment's events, reduced to what decides it: a removal wins; else the newest change.
  const targets = new Map<string, Target>();
  for (const event of events) {
    for (const channelId of channelsOf.get(placeKey(event.on)) ?? []) {
      const key = keyOf(channelId, event.externalId);
      let target = targets.get(key);
      if (!target) {
        target = { channelId, externalId: event.externalId, removal: undefined, latest: undefined };
        targets.set(key, target);
      }
      if (event.type === 'remove') target.removal ??= event;
      else if (!target.latest || isNewer(stampOf(event), stampOf(target.latest))) target.latest = event;
    }
  }
  const changesOf = (channelId: string) => {
    let changes = applied.byChannel.get(channelId);
    if (!changes) {
      changes = {
        ownerId: ownerOf.get(channelId)!,
        added: 0,
        addedIds: [],
        edited: new Map(),
        removed: new Set(),
        counted: new Map(),
      };
      applied.byChannel.set(channelId, changes);
    }
    return changes;
  };

  // Locked in one order everywhere, so two transactions never wait on each other in a circle; a
  // reply's parent too, so a removal of the parent and the reply's add take turns.
  const lockKeys = [
    ...new Set(
      [...targets.values()].flatMap((t) => [
        `comment:${t.channelId}:${t.externalId}`,
        ...(t.latest?.parentExternalId ? [`comment:${t.channelId}:${t.latest.parentExternalId}`] : []),
      ]),
    ),
  ].sort();
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from jsonb_array_elements_text(${JSON.stringify(lockKeys)}::jsonb) as k`,
  );

  const recount = new Set<string>();
  const removals = [...targets.values()].filter((t) => t.removal);
  if (removals.length > 0) await applyRemovals(tx, removals, changesOf, recount);

  // What is left are adds and edits; none of a comment removed now or before, nor of a reply
  // whose parent was removed.
  let pending = [...targets.values()].filter((t) => !t.removal && t.latest);
  if (pending.length > 0) {
    const tombstoned = await removedAmong(
      tx,
      pending.flatMap((t) => [
        { channelId: t.channelId, externalId: t.externalId },
        ...(t.latest!.parentExternalId ? [{ channelId: t.channelId, externalId: t.latest!.parentExternalId }] : []),
      ]),
    );
    pending = pending.filter(
      (t) =>
        !tombstoned.has(keyOf(t.channelId, t.externalId)) &&
        !(t.latest!.parentExternalId && tombstoned.has(keyOf(t.channelId, t.latest!.parentExternalId))),
    );
  }
  if (pending.length > 0) {
    // The rows as they are (locked above): what each change is compared with.
    const current = await rowsAmong(tx, pending);
    const parentIds = new Map<string, string>();
    // Top-level comments first, then replies whose parent is here (perhaps just added), until no
    // more can be placed; those left wait for their parent.
    for (;;) {
      const unknownParents = pending
        .filter((t) => t.latest!.parentExternalId && !parentIds.has(keyOf(t.channelId, t.latest!.parentExternalId)))
        .map((t) => ({ channelId: t.channelId, externalId: t.latest!.parentExternalId! }));
      for (const [key, id] of await idsOf(tx, unknownParents)) parentIds.set(key, id);
      const ready = pending.filter(
        (t) => !t.latest!.parentExternalId || parentIds.has(keyOf(t.channelId, t.latest!.parentExternalId)),
      );
      if (ready.length === 0) break;
      pending = pending.filter((t) => !ready.includes(t));
      await writeUpserts(tx, ready, current, parentIds, judge, applied, changesOf, recount);
    }
    for (const t of pending) applied.waiting.add(t.latest!);
  }
  if (recount.size > 0) await recountChannelReplies(tx, [...recount]);
  return applied;
}

const placeKey = (on: CommentedPlace) => ('channelId' in on ? `id:${on.channelId}` : `${on.kind}:${on.externalId}`);

type CurrentRow = {
  id: string;
  channel_id: string;
  external_id: string;
  message: string;
  author_name: string;
  provider_changed_at: string | null;
};

/** Inserts the new comments and updates those a newer change reached; the rest stay as they are. */
async function writeUpserts(
  tx: Executor,
  ready: Target[],
  current: Map<string, CurrentRow>,
  parentIds: Map<string, string>,
  judge: CommentJudge,
  applied: Applied,
  changesOf: (channelId: string) => ChannelChanges,
  recount: Set<string>,
) {
  const fresh: Target[] = [];
  const newer: Array<{ target: Target; row: CurrentRow }> = [];
  for (const target of ready) {
    const key = keyOf(target.channelId, target.externalId);
    const row = current.get(key);
    if (!row) fresh.push(target);
    else {
      applied.ids.set(key, row.id);
      parentIds.set(key, row.id);
      const stamp = {
        changedAt: row.provider_changed_at === null ? null : new Date(row.provider_changed_at),
        message: row.message,
        authorName: row.author_name,
      };
      if (isNewer(stampOf(target.latest!), stamp)) newer.push({ target, row });
    }
  }

  if (fresh.length > 0) {
    const rows = fresh.map((t) => {
      const event = t.latest!;
      return {
        channel_id: t.channelId,
        external_id: t.externalId,
        parent_id: event.parentExternalId ? parentIds.get(keyOf(t.channelId, event.parentExternalId))! : null,
        message: event.message,
        author_name: event.authorName,
        published_at: event.publishedAt.toISOString(),
        from_channel: event.fromChannel,
        changed_at: event.changedAt.toISOString(),
        ...judged(judge, event),
      };
    });
    const made = rowsOf<{
      id: string;
      channel_id: string;
      external_id: string;
      in_review: boolean;
      parent_id: string | null;
      sentiment: string;
      published_at: string | Date;
    }>(
      await tx.execute(sql`
        insert into comments (channel_id, external_id, parent_id, message, author_name, published_at, from_channel,
          provider_changed_at, sentiment, proposed_sentiment, proposal_confidence, in_review, review_reason)
        select r.channel_id, r.external_id, r.parent_id, r.message, r.author_name, r.published_at, r.from_channel,
          r.changed_at, r.sentiment, r.proposed_sentiment, r.proposal_confidence, r.in_review, r.review_reason
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
          channel_id uuid, external_id text, parent_id uuid, message text, author_name text,
          published_at timestamptz, from_channel boolean, changed_at timestamptz, sentiment text,
          proposed_sentiment text, proposal_confidence real, in_review boolean, review_reason text)
        returning id, channel_id, external_id, in_review, parent_id, sentiment, published_at`),
    );
    for (const row of made) {
      const key = keyOf(row.channel_id, row.external_id);
      applied.ids.set(key, row.id);
      parentIds.set(key, row.id);
      const changes = changesOf(row.channel_id);
      changes.added += 1;
      changes.addedIds.push(row.id);
      if (row.parent_id === null) countChange(changes, row.published_at, row.sentiment, 1);
      if (row.in_review) applied.addedToReview += 1;
    }
    for (const row of rows) if (row.from_channel && row.parent_id) recount.add(row.parent_id);
  }

  if (newer.length > 0) {
    // Only new words are judged again, and only while no person has decided (docs/decisions/048).
    const rows = newer.map(({ target, row }) => {
      const event = target.latest!;
      const reworded = event.message !== row.message;
      if (reworded) changesOf(target.channelId).edited.set(row.id, event.message);
      return {
        id: row.id,
        message: event.message,
        author_name: event.authorName,
        changed_at: event.changedAt.toISOString(),
        reworded,
        // The same words keep their verdict (the statement reads these only when reworded).
        ...(reworded ? judged(judge, event) : {}),
      };
    });
    // What each comment's sentiment was (the statement's snapshot, `was`): a new one moves it
    // on an open chart.
    const moved = rowsOf<{
      channel_id: string;
      parent_id: string | null;
      published_at: string | Date;
      sentiment: string;
      was: string;
    }>(
      await tx.execute(sql`
        update comments as c set
          message = r.message, author_name = r.author_name, provider_changed_at = r.changed_at,
          sentiment = case when r.reworded and c.reviewed_at is null then r.sentiment else c.sentiment end,
          proposed_sentiment = case when r.reworded and c.reviewed_at is null then r.proposed_sentiment else c.proposed_sentiment end,
          proposal_confidence = case when r.reworded and c.reviewed_at is null then r.proposal_confidence else c.proposal_confidence end,
          in_review = case when r.reworded and c.reviewed_at is null then r.in_review else c.in_review end,
          review_reason = case when r.reworded and c.reviewed_at is null then r.review_reason else c.review_reason end
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
          id uuid, message text, author_name text, changed_at timestamptz, reworded boolean, sentiment text,
          proposed_sentiment text, proposal_confidence real, in_review boolean, review_reason text),
          comments as prior
        where c.id = r.id and prior.id = r.id
        returning c.channel_id, c.parent_id, c.published_at, c.sentiment, prior.sentiment as was`),
    );
    for (const row of moved) {
      if (row.parent_id !== null || row.sentiment === row.was) continue;
      const changes = changesOf(row.channel_id);
      countChange(changes, row.published_at, row.was, -1);
      countChange(changes, row.published_at, row.sentiment, 1);
    }
  }
}

const judged = (judge: CommentJudge, event: CommentUpsert) => {
  const verdict = judge.judge(event.message, { fromChannel: event.fromChannel });
  return {
    sentiment: verdict.sentiment,
    proposed_sentiment: verdict.proposedSentiment,
    proposal_confidence: verdict.proposalConfidence,
    in_review: verdict.inReview,
    review_reason: verdict.reviewReason,
  };
};

/** Deletes the removed comments with their replies and remembers each removal. */
async function applyRemovals(
  tx: Executor,
  removals: Target[],
  changesOf: (channelId: string) => ChannelChanges,
  recount: Set<string>,
): Promise<void> {
  const removed = removals.map((t) => ({
    channel_id: t.channelId,
    external_id: t.externalId,
    removed_at: t.removal!.changedAt.toISOString(),
  }));
  const json = JSON.stringify(removed);
  await tx.execute(sql`
    insert into comment_removals (channel_id, external_id, removed_at)
    select r.channel_id, r.external_id, r.removed_at
    from jsonb_to_recordset(${json}::jsonb) as r(channel_id uuid, external_id text, removed_at timestamptz)
    on conflict do nothing`);
  // Its replies go with it (the parent's foreign key would take them anyway); the ids are what
  // the app drops.
  const gone = rowsOf<{
    id: string;
    channel_id: string;
    parent_id: string | null;
    from_channel: boolean;
    sentiment: string;
    published_at: string | Date;
  }>(
    await tx.execute(sql`
      with r as (select * from jsonb_to_recordset(${json}::jsonb) as r(channel_id uuid, external_id text)),
      target as (select c.id from comments c join r on c.channel_id = r.channel_id and c.external_id = r.external_id)
      delete from comments
      where id in (select id from target) or parent_id in (select id from target)
      returning id, channel_id, parent_id, from_channel, sentiment, published_at`),
  );
  const goneIds = new Set(gone.map((row) => row.id));
  for (const row of gone) {
    const changes = changesOf(row.channel_id);
    changes.removed.add(row.id);
    if (row.parent_id === null) countChange(changes, row.published_at, row.sentiment, -1);
  }
  for (const row of gone) {
    if (row.from_channel && row.parent_id && !goneIds.has(row.parent_id)) recount.add(row.parent_id);
  }
}

/** Which of these comments were removed (by their channel and provider id). */
async function removedAmong(tx: Executor, keys: Array<{ channelId: string; externalId: string }>) {
  if (keys.length === 0) return new Set<string>();
  const rows = rowsOf<{ channel_id: string; external_id: string }>(
    await tx.execute(sql`
      select r.channel_id, r.external_id
      from comment_removals r
      join jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k("channelId" uuid, "externalId" text)
        on r.channel_id = k."channelId" and r.external_id = k."externalId"`),
  );
  return new Set(rows.map((row) => keyOf(row.channel_id, row.external_id)));
}

/** The rows of these comments that are here, as ordering compares them. */
async function rowsAmong(tx: Executor, targets: Target[]) {
  const keys = targets.map((t) => ({ channelId: t.channelId, externalId: t.externalId }));
  const rows = rowsOf<CurrentRow & { provider_changed_at: string | Date | null }>(
    await tx.execute(sql`
      select c.id, c.channel_id, c.external_id, c.message, c.author_name, c.provider_changed_at
      from comments c
      join jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k("channelId" uuid, "externalId" text)
        on c.channel_id = k."channelId" and c.external_id = k."externalId"`),
  );
  return new Map(
    rows.map((row) => [
      keyOf(row.channel_id, row.external_id),
      {
        ...row,
        provider_changed_at: row.provider_changed_at === null ? null : new Date(row.provider_changed_at).toISOString(),
      },
    ]),
  );
}

/** The ids of these comments that are here (by their channel and provider id). */
async function idsOf(tx: Executor, keys: Array<{ channelId: string; externalId: string }>) {
  if (keys.length === 0) return new Map<string, string>();
  const rows = rowsOf<{ id: string; channel_id: string; external_id: string }>(
    await tx.execute(sql`
      select c.id, c.channel_id, c.external_id
      from comments c
      join jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k("channelId" uuid, "externalId" text)
        on c.channel_id = k."channelId" and c.external_id = k."externalId"`),
  );
  return new Map(rows.map((row) => [keyOf(row.channel_id, row.external_id), row.id]));
}

/** `channel_reply_count` of these comments counted again: the channel's own replies under each. */
export async function recountChannelReplies(tx: Executor, parentIds: string[]) {
  await tx.execute(sql`
    update comments as p set channel_reply_count = (
      select count(*) from comments as r where r.parent_id = p.id and r.from_channel
    )
    where p.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(parentIds)}::jsonb))`);
}

/** Past this many edited or removed comments, the open app reads its page again instead. */
const LISTED_CHANGES_MAX = 50;
/** Past this many comments added, their ids are not listed (a batch of webhooks adds up to 100: 3.7 kB of ids). */
const LISTED_ADDED_MAX = 100;

/** What a channel's owner's open app is told of its changes. */
export function changedEventOf(channelId: string, changes: ChannelChanges): CommentsChangedEvent {
  const tooMany = changes.edited.size + changes.removed.size > LISTED_CHANGES_MAX;
  return {
    channelId,
    added: changes.added,
    addedIds: changes.addedIds.length > LISTED_ADDED_MAX ? [] : changes.addedIds,
    edited: tooMany ? [] : [...changes.edited].map(([_id, message]) => ({ _id, message })),
    removed: tooMany ? [] : [...changes.removed],
    refresh: tooMany,
    counted: [...changes.counted].map(([key, change]) => {
      const [date, sentiment] = key.split(' ') as [string, Sentiment];
      return { date, sentiment, change };
    }),
  };
}

export type CommentWriterDeps = { db: Database; log: Logger; judge: CommentJudge; publisher?: Publisher | undefined };

/**
 * How much comment text one transaction writes at most. Each character costs index work (the
 * folded text, the trigrams of its head): past this, a burst of long comments is written in
 * several transactions, and the event loop (with PGlite, the database too) answers requests in
 * between. A burst of short comments is one transaction, as before.
 */
const TEXT_PER_TRANSACTION = 64 * 1024;

/** `events` in transactions of at most TEXT_PER_TRANSACTION of text, top-level comments before replies. */
function transactionsOf(events: CommentEvent[]): CommentEvent[][] {
  const ordered = [...events].sort(
    (a, b) =>
      Number(a.type === 'upsert' && a.parentExternalId !== null) -
      Number(b.type === 'upsert' && b.parentExternalId !== null),
  );
  return inTextParts(ordered, TEXT_PER_TRANSACTION, (event) =>
    event.type === 'upsert' ? event.message.length + event.authorName.length : 0,
  );
}

/** `items` in order, in parts of at most `limit` of text each (`textOf`); an item longer than that, alone. */
function inTextParts<T>(items: T[], limit: number, textOf: (item: T) => number): T[][] {
  const parts: T[][] = [];
  let part: T[] = [];
  let text = 0;
  for (const item of items) {
    const size = textOf(item);
    if (part.length > 0 && text + size > limit) {
      parts.push(part);
      part = [];
      text = 0;
    }
    part.push(item);
    text += size;
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

const nothingApplied = (): Applied => ({ byChannel: new Map(), waiting: new Set(), addedToReview: 0, ids: new Map() });

/** What `more` applied, added to `into`. */
function merge(into: Applied, more: Applied): Applied {
  for (const [channelId, changes] of more.byChannel) {
    const known = into.byChannel.get(channelId);
    if (!known) into.byChannel.set(channelId, changes);
    else {
      known.added += changes.added;
      known.addedIds.push(...changes.addedIds);
      for (const [id, message] of changes.edited) known.edited.set(id, message);
      for (const id of changes.removed) known.removed.add(id);
      for (const [key, change] of changes.counted) addCount(known.counted, key, change);
    }
  }
  for (const event of more.waiting) into.waiting.add(event);
  for (const [key, id] of more.ids) into.ids.set(key, id);
  into.addedToReview += more.addedToReview;
  return into;
}

/**
 * How many comments written (added or edited) the search indexes' pending lists may hold before
 * the writer merges them: about 0.4 MB of entries, a few milliseconds for a search to read.
 */
export const MERGE_AFTER_COMMENTS = 1_000;

/** Per database, the comments written since the writer last merged. */
const writtenSinceMerge = new WeakMap<Database, number>();

/**
 * The comments written wait in the search indexes' pending lists (./search-entries.ts). A burst
 * of 10,000 left up to 4 MB there, which every search by words read in full, until the statement
 * that took a list past its limit (an arriving batch, an admin's review) merged it all before it
 * could end (docs/decisions/077). So the writer merges them itself on PostgreSQL, once its
 * transactions are over, every MERGE_AFTER_COMMENTS comments. Not on PGlite: there the merge holds
 * the one connection the intake waits for, and a burst was acknowledged 10 to 20 % slower. A merge
 * that fails is logged: the comments are written, and the next merge takes their entries.
 */
async function mergeWhatWasWritten(deps: CommentWriterDeps, applied: Applied): Promise<void> {
  if (isPglite(deps.db)) return;
  let written = writtenSinceMerge.get(deps.db) ?? 0;
  for (const changes of applied.byChannel.values()) written += changes.added + changes.edited.size;
  if (written < MERGE_AFTER_COMMENTS) {
    writtenSinceMerge.set(deps.db, written);
    return;
  }
  writtenSinceMerge.set(deps.db, 0);
  try {
    await mergePendingSearchEntries(deps.db);
  } catch (error) {
    deps.log.warn({ err: safeError(error) }, 'search entries not merged');
  }
}

/**
 * The upserts whose words are not yet on every channel they are about: those a write judges.
 * Judging is what a write of long comments spends its time on (about a millisecond for 8,000
 * characters), and a batch of webhook deliveries that outlives its job's expiry is fetched and
 * written again (server/webhooks/job.ts): a burst of long comments was judged up to six times, on
 * the API's thread, long after it had arrived. Only a batch with more text than one transaction
 * takes is looked up first: judging a batch of short comments costs less than the look-up. It is
 * looked up `TEXT_PER_LOOKUP` of text at a time, requests let in between: on PGlite each
 * statement's digests run on the API's thread.
 */
async function withoutHeldAlready(db: Database, upserts: CommentUpsert[]): Promise<CommentUpsert[]> {
  const text = upserts.reduce((sum, event) => sum + event.message.length, 0);
  if (text <= TEXT_PER_TRANSACTION) return upserts;
  const skipped = new Set<number>();
  const numbered = upserts.map((event, n) => ({ event, n }));
  for (const [k, part] of inTextParts(numbered, TEXT_PER_LOOKUP, ({ event }) => event.message.length).entries()) {
    if (k > 0) await letRequestsIn();
    for (const n of await heldAlready(db, part)) skipped.add(n);
  }
  return skipped.size === 0 ? upserts : upserts.filter((_, n) => !skipped.has(n));
}

/** Text looked up at once by `withoutHeldAlready`: each comment's words are read and digested in SQL. */
const TEXT_PER_LOOKUP = 256 * 1024;

/** Which of `numbered` (their numbers) every channel of their place holds already with the same words. */
async function heldAlready(db: Database, numbered: Array<{ event: CommentUpsert; n: number }>): Promise<number[]> {
  const asked = numbered.map(({ event, n }) => ({
    n,
    channelId: 'channelId' in event.on ? event.on.channelId : null,
    kind: 'kind' in event.on ? event.on.kind : null,
    place: 'externalId' in event.on ? event.on.externalId : null,
    externalId: event.externalId,
    digest: createHash('md5').update(event.message).digest('hex'),
  }));
  // Held: no channel of the place lacks the comment with these very words. The channel named, or
  // those following the page: each a plain condition, so each finds its channels by an index. Each
  // comment's words are digested in a subquery of their own, found by the channel's unique index:
  // a join would digest every comment of the channel to compare them.
  const held = rowsOf<{ n: number }>(
    await db.execute(sql`
      with a as (
        select * from jsonb_to_recordset(${JSON.stringify(asked)}::jsonb)
          as a(n int, "channelId" uuid, kind text, place text, "externalId" text, digest text)
      )
      select a.n from a
      where not exists (
        select 1 from channels ch
        where ch.id = a."channelId"
          and (select md5(c.message) from comments c where c.channel_id = ch.id and c.external_id = a."externalId")
            is distinct from a.digest)
        and not exists (
        select 1 from channels ch
        where a."channelId" is null and ch.kind = a.kind and ch.external_id = a.place
          and (select md5(c.message) from comments c where c.channel_id = ch.id and c.external_id = a."externalId")
            is distinct from a.digest)`),
  );
  return held.map((row) => row.n);
}

/**
 * Judges the events' new words ahead (never inside a transaction), applies them (in one
 * transaction, or several for a burst of long comments: TEXT_PER_TRANSACTION), then tells each
 * changed channel's owner (`CommentsChanged`) and the admins (`CommentsArrived`) unless `tell` is
 * false. Every source of comments writes through here.
 */
export async function writeCommentEvents(
  deps: CommentWriterDeps,
  events: CommentEvent[],
  { tell = true }: { tell?: boolean } = {},
): Promise<Applied> {
  const applied = nothingApplied();
  if (events.length === 0) return applied;
  const upserts = events.filter((event): event is CommentUpsert => event.type === 'upsert');
  const judge = await judgedAhead(deps.judge, await withoutHeldAlready(deps.db, upserts));
  const chunks = transactionsOf(events);
  for (const [n, chunk] of chunks.entries()) {
    if (n > 0) await letRequestsIn();
    merge(applied, await deps.db.transaction((tx) => applyCommentEvents(tx, chunk, judge)));
  }
  await mergeWhatWasWritten(deps, applied);
  if (!tell) return applied;
  for (const [channelId, changes] of applied.byChannel) {
    if (changes.added === 0 && changes.edited.size === 0 && changes.removed.size === 0) continue;
    if (!deps.publisher) break;
    try {
      await deps.publisher.toUser(changes.ownerId, COMMENTS_CHANGED, changedEventOf(channelId, changes));
    } catch (error) {
      deps.log.warn({ event: COMMENTS_CHANGED, err: safeError(error) }, 'real-time event not published');
    }
  }
  const added = [...applied.byChannel.values()].reduce((sum, changes) => sum + changes.added, 0);
  await tellAdminsCommentsArrived(deps, { added, toReview: applied.addedToReview });
  return applied;
}

/** A comment a page hid or showed again, on every channel that follows the page (server/webhooks/comment-events.ts). */
export type HiddenMark = { on: { kind: ChannelKind; externalId: string }; externalId: string; hidden: boolean };

/**
 * Marks comments hidden or shown again as their network says, where they are not so already, and
 * tells each changed channel's owner (their open lists read the page again). The app's own hide
 * wrote the mark before the network's webhook came: that webhook changes nothing and tells nobody.
 */
export async function writeHiddenMarks(
  deps: CommentWriterDeps,
  marks: HiddenMark[],
  /** The user whose own request made the change: their page shows it already. */
  { except }: { except?: string } = {},
): Promise<number> {
  const changed = await markHidden(deps, marks);
  await tellHiddenChanged(deps, changed, { except });
  return changed.length;
}

/** The channels (with their owners) whose comments a change of hidden marks changed. */
export type HiddenChanged = Array<{ channel_id: string; owner_id: string }>;

/** writeHiddenMarks without telling anyone: for a caller that marks one at a time and tells once. */
export async function markHidden(deps: CommentWriterDeps, marks: HiddenMark[]): Promise<HiddenChanged> {
  if (marks.length === 0) return [];
  const json = JSON.stringify(
    marks.map((mark) => ({
      kind: mark.on.kind,
      page: mark.on.externalId,
      external_id: mark.externalId,
      hidden: mark.hidden,
    })),
  );
  return rowsOf<HiddenChanged[number]>(
    await deps.db.execute(sql`
      with m as (
        select * from jsonb_to_recordset(${json}::jsonb) as m(kind text, page text, external_id text, hidden boolean)
      )
      update comments c set is_hidden = m.hidden
      from m, channels ch
      where ch.kind = m.kind and ch.external_id = m.page
        and c.channel_id = ch.id and c.external_id = m.external_id and c.is_hidden <> m.hidden
      returning c.channel_id, ch.owner_id`),
  );
}

/** `CommentsChanged` that has the channel's open lists read again, for a change it does not list. */
export const refreshOf = (channelId: string): CommentsChangedEvent => ({
  channelId,
  added: 0,
  edited: [],
  removed: [],
  refresh: true,
  counted: [],
});

/** Tells each owner of a channel in `changed` once that its open lists read the page again. */
export async function tellHiddenChanged(
  deps: CommentWriterDeps,
  changed: HiddenChanged,
  { except }: { except?: string } = {},
): Promise<void> {
  if (!deps.publisher) return;
  const channels = new Map(changed.map((row) => [row.channel_id, row.owner_id]));
  for (const [channelId, ownerId] of channels) {
    if (ownerId === except) continue;
    const event = refreshOf(channelId);
    try {
      await deps.publisher.toUser(ownerId, COMMENTS_CHANGED, event);
    } catch (error) {
      deps.log.warn({ event: COMMENTS_CHANGED, err: safeError(error) }, 'real-time event not published');
    }
  }
}
