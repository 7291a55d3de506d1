import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client';
import { channels, commentRemovals, comments } from '../db/schema';
import type { CommentEvent } from './comment-events';

/**
 * Applies a delivery's comment events to every channel that follows their page or Instagram
 * account (one row per user who connected it), so that any order and any repetition of the same
 * deliveries ends in the same rows (docs/decisions/044):
 * - a change older than the one the row last took changes nothing (`provider_changed_at`);
 * - an edit of a comment not here yet adds it (its add, when it comes, is older);
 * - a removal deletes the comment with its replies and is remembered, so a late add or edit
 *   does not bring it back;
 * - the events of one comment on one channel run one at a time (an advisory lock), on any
 *   number of API instances.
 * A reply whose parent is not here yet (delivered out of order) is left for a retry: `waiting`
 * counts them, and the caller fails the job so it runs again.
 */
export type Applied = {
  /** Per channel that changed, with its owner: what the owner's open app is told. */
  byChannel: Map<string, ChannelChanges>;
  /** Replies whose parent has not arrived: the delivery must be applied again later. */
  waiting: number;
};

export type ChannelChanges = {
  ownerId: string;
  added: number;
  edited: Map<string, string>;
  removed: Set<string>;
};

type FollowingChannel = { id: string; ownerId: string };

export async function applyCommentEvents(db: Database, events: CommentEvent[]): Promise<Applied> {
  const applied: Applied = { byChannel: new Map(), waiting: 0 };
  const followers = new Map<string, FollowingChannel[]>();
  for (const event of events) {
    const key = `${event.channel.kind}:${event.channel.externalId}`;
    let following = followers.get(key);
    if (!following) {
      following = await db
        .select({ id: channels.id, ownerId: channels.ownerId })
        .from(channels)
        .where(and(eq(channels.kind, event.channel.kind), eq(channels.externalId, event.channel.externalId)));
      followers.set(key, following);
    }
    for (const channel of following) {
      const outcome = await applyOne(db, channel.id, event);
      if (outcome.kind === 'waiting') applied.waiting += 1;
      if (outcome.kind === 'none' || outcome.kind === 'waiting') continue;
      let changes = applied.byChannel.get(channel.id);
      if (!changes) {
        changes = { ownerId: channel.ownerId, added: 0, edited: new Map(), removed: new Set() };
        applied.byChannel.set(channel.id, changes);
      }
      if (outcome.kind === 'added') changes.added += 1;
      if (outcome.kind === 'edited') changes.edited.set(outcome.id, outcome.message);
      if (outcome.kind === 'removed') for (const id of outcome.ids) changes.removed.add(id);
    }
  }
  return applied;
}

type Outcome =
  | { kind: 'none' }
  | { kind: 'waiting' }
  | { kind: 'added'; id: string }
  | { kind: 'edited'; id: string; message: string }
  | { kind: 'removed'; ids: string[] };

function applyOne(db: Database, channelId: string, event: CommentEvent): Promise<Outcome> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`comment:${channelId}:${event.externalId}`}, 0))`,
    );
    if (event.type === 'remove') {
      await tx
        .insert(commentRemovals)
        .values({ channelId, externalId: event.externalId, removedAt: event.changedAt })
        .onConflictDoNothing();
      // Its replies go with it (the parent's foreign key cascades); the ids are what the app drops.
      const gone = rowsOf<{ id: string; parent_id: string | null; from_channel: boolean }>(
        await tx.execute(sql`
          delete from comments
          where channel_id = ${channelId}::uuid
            and (external_id = ${event.externalId}
              or parent_id = (select id from comments where channel_id = ${channelId}::uuid and external_id = ${event.externalId}))
          returning id, parent_id, from_channel`),
      );
      if (gone.length === 0) return { kind: 'none' };
      const parents = [
        ...new Set(gone.filter((row) => row.from_channel && row.parent_id).map((row) => row.parent_id!)),
      ];
      for (const parentId of parents) await recountChannelReplies(tx, parentId);
      return { kind: 'removed', ids: gone.map((row) => row.id) };
    }

    const [removed] = await tx
      .select({ at: commentRemovals.removedAt })
      .from(commentRemovals)
      .where(and(eq(commentRemovals.channelId, channelId), eq(commentRemovals.externalId, event.externalId)));
    if (removed) return { kind: 'none' };

    let parentId: string | null = null;
    if (event.parentExternalId !== null) {
      const [parent] = await tx
        .select({ id: comments.id })
        .from(comments)
        .where(and(eq(comments.channelId, channelId), eq(comments.externalId, event.parentExternalId)));
      if (!parent) {
        const [parentRemoved] = await tx
          .select({ at: commentRemovals.removedAt })
          .from(commentRemovals)
          .where(and(eq(commentRemovals.channelId, channelId), eq(commentRemovals.externalId, event.parentExternalId)));
        return parentRemoved ? { kind: 'none' } : { kind: 'waiting' };
      }
      parentId = parent.id;
    }

    const [row] = rowsOf<{ id: string; inserted: boolean }>(
      await tx.execute(sql`
        insert into comments (channel_id, external_id, parent_id, message, author_name, sentiment, published_at, from_channel, provider_changed_at)
        values (${channelId}::uuid, ${event.externalId}, ${parentId}::uuid, ${event.message}, ${event.authorName},
                'UNCLASSIFIED', ${event.publishedAt.toISOString()}::timestamptz, ${event.fromChannel}, ${event.changedAt.toISOString()}::timestamptz)
        on conflict (channel_id, external_id) do update
          set message = excluded.message, provider_changed_at = excluded.provider_changed_at
          where comments.provider_changed_at is null or comments.provider_changed_at < excluded.provider_changed_at
        returning id, (xmax = 0) as inserted`),
    );
    if (!row) return { kind: 'none' }; // an older change than the one it has
    if (!row.inserted) return { kind: 'edited', id: row.id, message: event.message };
    if (event.fromChannel && parentId) await recountChannelReplies(tx, parentId);
    return { kind: 'added', id: row.id };
  });
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

async function recountChannelReplies(tx: Transaction, parentId: string) {
  await tx.execute(sql`
    update comments set channel_reply_count = (
      select count(*) from comments as r where r.parent_id = ${parentId}::uuid and r.from_channel
    )
    where id = ${parentId}::uuid`);
}
