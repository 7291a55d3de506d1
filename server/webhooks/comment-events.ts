import { z } from 'zod/mini';
import type { FacebookWebhookDelivery } from '../../contract/webhooks';
import type { CommentEvent } from '../comments/writer';

/**
 * What a Meta delivery says about comments, as the app keeps them (docs/decisions/044): each
 * change of the Page `feed` field about a comment, and each Instagram `comments` change, becomes
 * one comment event (server/comments/writer.ts) on every channel that follows the page or account,
 * named by its kind and the provider's id; a comment hidden or shown again is a HiddenChange.
 * Everything else a delivery may carry (posts, reactions, other fields) is none of the comments'
 * business and is skipped, as are changes whose shape this does not know.
 */
export type { CommentEvent };

type CommentedChannel = { kind: 'facebook-page' | 'instagram-account'; externalId: string };

/** The longest comment kept; Facebook's own limit is 8,000 characters. */
export const COMMENT_MAX_LENGTH = 8000;

const id = z.string().check(z.minLength(1), z.maxLength(128));
const optionalText = z.optional(z.string());
const seconds = z.number().check(z.gte(0));

/** A Page `feed` change about a comment (Graph API Webhooks › Page › feed). */
const PageFeedCommentSchema = z.object({
  item: z.literal('comment'),
  verb: z.string(),
  comment_id: id,
  post_id: z.optional(id),
  parent_id: z.optional(id),
  message: optionalText,
  from: z.optional(z.object({ id: z.optional(z.string()), name: optionalText })),
  created_time: z.optional(seconds),
});

/** An Instagram `comments` change: a new comment on the account's media (Instagram sends no edits). */
const InstagramCommentSchema = z.object({
  id,
  text: optionalText,
  parent_id: z.optional(id),
  from: z.optional(z.object({ id: z.optional(z.string()), username: optionalText })),
  media: z.optional(z.object({ id: z.optional(z.string()) })),
});

const ADDED = new Set(['add']);
const EDITED = new Set(['edited', 'edit', 'update']);
const REMOVED = new Set(['remove', 'delete']);

/** Meta's times are seconds; a value this large is already milliseconds. */
const toDate = (time: number) => new Date(time > 1e12 ? time : time * 1000);

/**
 * When a change happened, for ordering: Meta gives whole seconds, and a comment added and edited
 * within the same second must still end edited, so an edit counts as the end of its second.
 */
const changeTime = (time: number, edit: boolean) =>
  time > 1e12 ? new Date(time) : new Date(time * 1000 + (edit ? 999 : 0));

const clip = (text: string | undefined) => (text ?? '').slice(0, COMMENT_MAX_LENGTH);

/** A time a date can hold: one that is not (past year 275760, say) makes the event unreadable. */
const isDate = (date: Date) => Number.isFinite(date.getTime());
const datesHold = (event: CommentEvent) =>
  isDate(event.changedAt) && (event.type === 'remove' || isDate(event.publishedAt));

/**
 * A comment the page hid or showed again (a Page `feed` change with the verb `hide` or `unhide`):
 * done in Facebook itself, or by the app, whose own change then finds nothing to do.
 */
export type HiddenChange = { on: CommentedChannel; externalId: string; hidden: boolean };

const HIDDEN = new Map([
  ['hide', true],
  ['unhide', false],
]);

/** The hidden and shown-again comments of a delivery. */
export function hiddenChangesOf(delivery: FacebookWebhookDelivery): HiddenChange[] {
  if (delivery.object !== 'page') return [];
  const found: HiddenChange[] = [];
  for (const entry of delivery.entry) {
    for (const change of entry.changes ?? []) {
      if (change.field !== 'feed') continue;
      const parsed = z.safeParse(PageFeedCommentSchema, change.value);
      const hidden = parsed.success ? HIDDEN.get(parsed.data.verb) : undefined;
      if (hidden === undefined) continue;
      found.push({ on: { kind: 'facebook-page', externalId: entry.id }, externalId: parsed.data!.comment_id, hidden });
    }
  }
  return found;
}

/** The comment events of a delivery; a change whose times no date can hold is skipped. */
export function commentEventsOf(delivery: FacebookWebhookDelivery): CommentEvent[] {
  return eventsOf(delivery).filter(datesHold);
}

function eventsOf(delivery: FacebookWebhookDelivery): CommentEvent[] {
  const events: CommentEvent[] = [];
  for (const entry of delivery.entry) {
    const changedAt = changeTime(entry.time, false);
    for (const change of entry.changes ?? []) {
      if (delivery.object === 'page' && change.field === 'feed') {
        const parsed = z.safeParse(PageFeedCommentSchema, change.value);
        if (!parsed.success) continue;
        const value = parsed.data;
        const channel: CommentedChannel = { kind: 'facebook-page', externalId: entry.id };
        if (REMOVED.has(value.verb)) {
          events.push({ type: 'remove', on: channel, externalId: value.comment_id, changedAt });
          continue;
        }
        if (!ADDED.has(value.verb) && !EDITED.has(value.verb)) continue;
        // A comment on the post names the post as its parent; a reply names the comment.
        const parent = value.parent_id && value.parent_id !== value.post_id ? value.parent_id : null;
        events.push({
          type: 'upsert',
          on: channel,
          externalId: value.comment_id,
          parentExternalId: parent,
          message: clip(value.message),
          authorName: clip(value.from?.name).slice(0, 200),
          publishedAt: value.created_time !== undefined ? toDate(value.created_time) : changedAt,
          changedAt: changeTime(entry.time, EDITED.has(value.verb)),
          fromChannel: value.from?.id === entry.id,
        });
      } else if (delivery.object === 'instagram' && change.field === 'comments') {
        const parsed = z.safeParse(InstagramCommentSchema, change.value);
        if (!parsed.success) continue;
        const value = parsed.data;
        events.push({
          type: 'upsert',
          on: { kind: 'instagram-account', externalId: entry.id },
          externalId: value.id,
          parentExternalId: value.parent_id ?? null,
          message: clip(value.text),
          authorName: clip(value.from?.username).slice(0, 200),
          publishedAt: changedAt,
          changedAt,
          fromChannel: value.from?.id === entry.id,
        });
      }
    }
  }
  return events;
}
