import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client';
import { recountChannelReplies } from '../comments/queries';
import type { CommentJudge } from '../sentiment/judge';
import type { CommentEvent } from './comment-events';

/**
 * Applies comment events (from any number of deliveries, in the order they came) to every
 * channel that follows their page or Instagram account (one row per user who connected it), so
 * that any order and any repetition of the same deliveries ends in the same rows
 * (docs/decisions/044):
 * - a change older than the one the row last took changes nothing (`provider_changed_at`);
 * - an edit of a comment not here yet adds it (its add, when it comes, is older);
 * - a removal deletes the comment with its replies and is remembered, so a late add or edit
 *   does not bring it back;
 * - the comments it touches are locked for the transaction (advisory locks, taken in one order),
 *   so two workers or two instances never interleave changes of the same comment.
 * A reply whose parent is not here yet (delivered out of order) is left for a retry: `waiting`
 * lists its events, and the caller fails their jobs so they run again.
 *
 * Set-based: a handful of statements for the whole batch, whatever its size, in the caller's
 * transaction (decision 045).
 */
export type Applied = {
  /** Per channel that changed, with its owner: what the owner's open app is told. */
  byChannel: Map<string, ChannelChanges>;
  /** The events of replies whose parent has not arrived: to be applied again later. */
  waiting: Set<CommentEvent>;
  /** How many of the comments added went to the sentiment review (what admins are told). */
  addedToReview: number;
};

export type ChannelChanges = {
  ownerId: string;
  added: number;
  edited: Map<string, string>;
  removed: Set<string>;
};

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

type Upsert = Extract<CommentEvent, { type: 'upsert' }>;
type Removal = Extract<CommentEvent, { type: 'remove' }>;

/** One comment on one channel, and the events about it in this batch. */
type Target = {
  channelId: string;
  externalId: string;
  removal: Removal | undefined;
  /** The newest add or edit (the first of equal times): the one that can change the row. */
  latest: Upsert | undefined;
};

const keyOf = (channelId: string, externalId: string) => `${channelId}\u0000${externalId}`;

export async function applyCommentEvents(tx: Executor, events: CommentEvent[], judge: CommentJudge): Promise<Applied> {
  const applied: Applied = { byChannel: new Map(), waiting: new Set(), addedToReview: 0 };
  if (events.length === 0) return applied;

  // Who follows each page or account.
  const followed = [...new Map(events.map((e) => [`${e.channel.kind}:${e.channel.externalId}`, e.channel])).values()];
  const following = rowsOf<{ id: string; owner_id: string; kind: string; external_id: string }>(
    await tx.execute(sql`
      select c.id, c.owner_id, c.kind, c.external_id
      from channels c
      join jsonb_to_recordset(${JSON.stringify(followed)}::jsonb) as f(kind text, "externalId" text)
        on c.kind = f.kind and c.external_id = f."externalId"`),
  );
  if (following.length === 0) return applied;
  const ownerOf = new Map(following.map((row) => [row.id, row.owner_id]));
  const channelsOf = new Map<string, string[]>();
  for (const row of following) {
    const key = `${row.kind}:${row.external_id}`;
    channelsOf.set(key, [...(channelsOf.get(key) ?? []), row.id]);
  }

  // Each comment's events, reduced to what decides it: a removal wins; else the newest change.
  const targets = new Map<string, Target>();
  for (const event of events) {
    for (const channelId of channelsOf.get(`${event.channel.kind}:${event.channel.externalId}`) ?? []) {
      const key = keyOf(channelId, event.externalId);
      let target = targets.get(key);
      if (!target) {
        target = { channelId, externalId: event.externalId, removal: undefined, latest: undefined };
        targets.set(key, target);
      }
      if (event.type === 'remove') target.removal ??= event;
      else if (!target.latest || event.changedAt > target.latest.changedAt) target.latest = event;
    }
  }
  const changesOf = (channelId: string) => {
    let changes = applied.byChannel.get(channelId);
    if (!changes) {
      changes = { ownerId: ownerOf.get(channelId)!, added: 0, edited: new Map(), removed: new Set() };
      applied.byChannel.set(channelId, changes);
    }
    return changes;
  };

  // Locked in one order everywhere, so two transactions never wait on each other in a circle.
  const lockKeys = [...targets.values()].map((t) => `comment:${t.channelId}:${t.externalId}`).sort();
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from jsonb_array_elements_text(${JSON.stringify(lockKeys)}::jsonb) as k`,
  );

  const removals = [...targets.values()].filter((t) => t.removal);
  if (removals.length > 0) await applyRemovals(tx, removals, changesOf);

  // What is left are adds and edits; none of a comment removed now or before, nor of a reply
  // whose parent was removed.
  let pending = [...targets.values()].filter((t) => !t.removal && t.latest);
  if (pending.length === 0) return applied;
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

  // Top-level comments first, then replies whose parent is here (perhaps just added), until no
  // more can be placed; those left wait for their parent.
  const parentIds = new Map<string, string>();
  const recount = new Set<string>();
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
    const rows = ready.map((t) => {
      const event = t.latest!;
      const judged = judge.judge(event.message, { fromChannel: event.fromChannel });
      return {
        channel_id: t.channelId,
        external_id: t.externalId,
        parent_id: event.parentExternalId ? parentIds.get(keyOf(t.channelId, event.parentExternalId))! : null,
        message: event.message,
        author_name: event.authorName,
        published_at: event.publishedAt.toISOString(),
        from_channel: event.fromChannel,
        changed_at: event.changedAt.toISOString(),
        sentiment: judged.sentiment,
        proposed_sentiment: judged.proposedSentiment,
        proposal_confidence: judged.proposalConfidence,
        in_review: judged.inReview,
        review_reason: judged.reviewReason,
      };
    });
    const written = rowsOf<{
      id: string;
      channel_id: string;
      external_id: string;
      message: string;
      in_review: boolean;
      inserted: boolean;
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
        on conflict (channel_id, external_id) do update
          set message = excluded.message, provider_changed_at = excluded.provider_changed_at,
            -- New words are judged again, unless a person already decided (docs/decisions/048).
            sentiment = case when comments.reviewed_at is null then excluded.sentiment else comments.sentiment end,
            proposed_sentiment = case when comments.reviewed_at is null then excluded.proposed_sentiment else comments.proposed_sentiment end,
            proposal_confidence = case when comments.reviewed_at is null then excluded.proposal_confidence else comments.proposal_confidence end,
            in_review = case when comments.reviewed_at is null then excluded.in_review else comments.in_review end,
            review_reason = case when comments.reviewed_at is null then excluded.review_reason else comments.review_reason end
          where comments.provider_changed_at is null or comments.provider_changed_at < excluded.provider_changed_at
        returning id, channel_id, external_id, message, in_review, (xmax = 0) as inserted`),
    );
    // A row not returned had a newer change already: nothing to tell.
    for (const row of written) {
      parentIds.set(keyOf(row.channel_id, row.external_id), row.id);
      const changes = changesOf(row.channel_id);
      if (row.inserted) changes.added += 1;
      else changes.edited.set(row.id, row.message);
      if (row.inserted && row.in_review) applied.addedToReview += 1;
    }
    for (const row of rows) if (row.from_channel && row.parent_id) recount.add(row.parent_id);
  }
  for (const t of pending) applied.waiting.add(t.latest!);
  if (recount.size > 0) await recountChannelReplies(tx, [...recount]);
  return applied;
}

/** Deletes the removed comments with their replies and remembers each removal. */
async function applyRemovals(
  tx: Executor,
  removals: Target[],
  changesOf: (channelId: string) => ChannelChanges,
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
  const gone = rowsOf<{ id: string; channel_id: string; parent_id: string | null; from_channel: boolean }>(
    await tx.execute(sql`
      with r as (select * from jsonb_to_recordset(${json}::jsonb) as r(channel_id uuid, external_id text)),
      target as (select c.id from comments c join r on c.channel_id = r.channel_id and c.external_id = r.external_id)
      delete from comments
      where id in (select id from target) or parent_id in (select id from target)
      returning id, channel_id, parent_id, from_channel`),
  );
  const goneIds = new Set(gone.map((row) => row.id));
  for (const row of gone) changesOf(row.channel_id).removed.add(row.id);
  const parents = [
    ...new Set(
      gone
        .filter((row) => row.from_channel && row.parent_id && !goneIds.has(row.parent_id))
        .map((row) => row.parent_id!),
    ),
  ];
  if (parents.length > 0) await recountChannelReplies(tx, parents);
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
