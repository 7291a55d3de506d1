import { randomInt } from 'node:crypto';
/**
 * What people say on the sandbox's pages and Instagram accounts: a few comments a
 * channel, made from its id (the same each time), over the last three weeks, with a reply under
 * the first. A page and its Instagram account hear different things, from different people at
 * different times, as two channels of one business do; and the replies the app posts, kept in memory like the rest of the sandbox. Their
 * sentiment is what the API's classifier makes of them, as for any provider's comment.
 */
export interface SandboxComment {
  id: string;
  message: string;
  from: { name: string };
  created_time: string;
  parent?: { id: string };
  /** Written by the channel itself (a reply the app posted). */
  fromChannel: boolean;
  /** Hidden by the page (Graph's `is_hidden`; Instagram's `hidden`): its author and friends still see it. */
  is_hidden?: boolean;
}

/** What people write on a page. */
const PAGE_SAYINGS = [
  'Best cappuccino in town, the staff is lovely.',
  'We waited half an hour for a table, nobody told us why.',
  'Nice place, a bit loud on Saturday nights.',
  'Are you open on Sunday morning?',
  'La torta della nonna è spettacolare!',
  'Prices went up again, portions went down.',
  'Booked for Friday, see you there.',
  'Great music, slow service.',
];
/** What people write under an Instagram post: shorter, with emoji. */
const INSTAGRAM_SAYINGS = [
  'That latte art 😍',
  'Ordered the pistachio croissant, it was stale 😕',
  'Where is this exactly?',
  'Che meraviglia questi cornetti 🥐',
  'Tag a friend who needs this coffee ☕',
  'The new cups are so cute!',
  'Story was hilarious 😂',
  'Too crowded lately, could not find a seat.',
];
/** The made-up people who comment on the sandbox's pages and accounts. */
export const SANDBOX_COMMENTERS = [
  'Alessia Greco',
  'Tom Walker',
  'Priya Shah',
  'Lorenzo Ricci',
  'Hannah Müller',
  'Kenji Sato',
];
const PEOPLE = SANDBOX_COMMENTERS;

/**
 * The id the demo's seeded comments (server/db/seed.ts) carry on a channel that is also the
 * sandbox's. They live in the app's database only; the sandbox takes a reply to them as Graph
 * takes one to any comment on the page, so the demo's comments can be answered once the demo
 * user connects the account that has the page.
 */
const demoCommentPrefix = (channelId: string) => `${channelId}_demo-comment-`;
export const sandboxDemoCommentId = (channelId: string, n: number) => `${demoCommentPrefix(channelId)}${n}`;
const isDemoComment = (channelId: string, commentId: string) =>
  commentId.startsWith(demoCommentPrefix(channelId)) &&
  /^\d+$/.test(commentId.slice(demoCommentPrefix(channelId).length));

export class SandboxCommentBoard {
  /** Replies posted through the sandbox, by channel. */
  private readonly posted = new Map<string, SandboxComment[]>();
  /** What the sandbox's made-up people said through its comment controls, by channel, oldest first. */
  private readonly said = new Map<string, SandboxComment[]>();
  private saidCount = 0;
  /**
   * This board's own run, in every id it makes: the ids of comments said and replies posted are
   * unique across restarts, as Facebook's are (the app keeps comments by them; an id made again
   * after a restart would read as an edit of an older comment).
   */
  private readonly run = String(randomInt(1_000_000_000)).padStart(9, '0');
  /** The comments the channel hid (through the app), by id. */
  private readonly hidden = new Set<string>();
  /** Comments the channel deleted (through the app), with their replies: never listed again. */
  private readonly deleted = new Set<string>();
  /**
   * The comments said and the replies posted, by id, with their channel: a look-up the app's calls
   * (a reply, a hide) make at once, however many comments a bench has said.
   */
  private readonly byId = new Map<string, { channelId: string; comment: SandboxComment }>();

  /** `instagramIds`: which channels are Instagram accounts (the rest are pages). */
  constructor(
    private readonly clock: () => number,
    private readonly instagramIds: ReadonlySet<string> = new Set(),
  ) {}

  /** A made-up person comments on `channelId` (or answers `parentId` there): the comment. */
  say(channelId: string, authorName: string, message: string, parentId?: string): SandboxComment | undefined {
    if (parentId !== undefined && !this.comment(channelId, parentId)) return undefined;
    const comment: SandboxComment = {
      id: `${channelId}_s${this.run}${++this.saidCount}`,
      message,
      from: { name: authorName },
      created_time: new Date(this.clock()).toISOString(),
      ...(parentId !== undefined ? { parent: { id: parentId } } : {}),
      fromChannel: false,
    };
    const said = this.said.get(channelId) ?? [];
    said.push(comment);
    this.said.set(channelId, said);
    this.byId.set(comment.id, { channelId, comment });
    return comment;
  }

  /**
   * A comment on `channelId` as its listing has it (a made one, one said, a reply posted), or
   * undefined when it is not there (never was, or deleted).
   */
  comment(channelId: string, commentId: string): SandboxComment | undefined {
    if (this.deleted.has(commentId)) return undefined;
    const known = this.byId.get(commentId);
    if (known) {
      if (known.channelId !== channelId || (known.comment.parent && this.deleted.has(known.comment.parent.id))) {
        return undefined;
      }
      return this.hidden.has(commentId) ? { ...known.comment, is_hidden: true } : known.comment;
    }
    // One of the channel's made comments: its id says so, and its listing has it.
    if (!new RegExp(`^${channelId}_c\\d+(_r1)?$`).test(commentId)) return undefined;
    return this.list(channelId).find((each) => each.id === commentId);
  }

  /** What the people said on `channelId` through the comment controls, oldest first. */
  saidOn(channelId: string): SandboxComment[] {
    return this.said.get(channelId) ?? [];
  }

  /** One of the people's comments, where it is. */
  find(commentId: string): { channelId: string; comment: SandboxComment } | undefined {
    const known = this.byId.get(commentId);
    return known && !known.comment.fromChannel ? known : undefined;
  }

  /** Changes what a person said: the comment as it is now. */
  edit(commentId: string, message: string): SandboxComment | undefined {
    const found = this.find(commentId);
    if (found) found.comment.message = message;
    return found?.comment;
  }

  /** Takes a person's comment away, with its replies: the ids gone. */
  remove(commentId: string): string[] {
    const found = this.find(commentId);
    if (!found) return [];
    const comments = this.said.get(found.channelId)!;
    const gone = comments.filter((each) => each.id === commentId || each.parent?.id === commentId);
    this.said.set(
      found.channelId,
      comments.filter((each) => !gone.includes(each)),
    );
    for (const each of gone) this.byId.delete(each.id);
    return gone.map((each) => each.id);
  }

  /** The comments on `channelId` (a page or an Instagram account), oldest first. */
  list(channelId: string): SandboxComment[] {
    const day = 24 * 3600_000;
    const now = this.clock();
    const seed = Number(channelId.slice(-3)) || 0;
    const instagram = this.instagramIds.has(channelId);
    // An Instagram account's people and hours are not its page's (their ids end alike).
    const shift = instagram ? { people: 3, hours: 7 } : { people: 0, hours: 0 };
    const made = (instagram ? INSTAGRAM_SAYINGS : PAGE_SAYINGS).map((message, n): SandboxComment => ({
      id: `${channelId}_c${n + 1}`,
      message,
      from: { name: PEOPLE[(n + seed + shift.people) % PEOPLE.length]! },
      created_time: new Date(now - (20 - n * 2.5) * day + shift.hours * 3600_000).toISOString(),
      fromChannel: false,
    }));
    const answer: SandboxComment = {
      id: `${channelId}_c1_r1`,
      message: instagram ? 'Same here 👍' : 'Totally agree!',
      from: { name: PEOPLE[(seed + 3) % PEOPLE.length]! },
      created_time: new Date(Date.parse(made[0]!.created_time) + 3600_000).toISOString(),
      parent: { id: made[0]!.id },
      fromChannel: false,
    };
    return [...made, answer, ...(this.said.get(channelId) ?? []), ...(this.posted.get(channelId) ?? [])]
      .filter((comment) => !this.deleted.has(comment.id) && !(comment.parent && this.deleted.has(comment.parent.id)))
      .map((comment) => (this.hidden.has(comment.id) ? { ...comment, is_hidden: true } : comment));
  }

  /**
   * The channel deletes a comment on it, with its replies (Graph's `DELETE /{comment-id}`): the
   * comment as it was, or undefined when it is not there (never was, or deleted already). The
   * demo's seeded comments are taken as the page's, as a reply to them is.
   */
  deleteComment(channelId: string, commentId: string): SandboxComment | undefined {
    const listed = this.comment(channelId, commentId);
    const demo = !listed && isDemoComment(channelId, commentId) && !this.deleted.has(commentId);
    if (!listed && !demo) return undefined;
    this.deleted.add(commentId);
    const said = this.find(commentId);
    if (said) this.remove(commentId);
    return (
      listed ?? {
        id: commentId,
        message: '',
        from: { name: '' },
        created_time: new Date(this.clock()).toISOString(),
        fromChannel: false,
      }
    );
  }

  /** Whether the channel deleted the comment (through the app). */
  isDeleted(commentId: string): boolean {
    return this.deleted.has(commentId);
  }

  /**
   * The channel hides a comment on it, or shows it again (Graph's `POST /{comment-id}` with
   * `is_hidden`, Instagram's with `hide`): whether the comment is there to hide. The demo's
   * seeded comments are taken as the page's, as a reply to them is.
   */
  setHidden(channelId: string, commentId: string, hidden: boolean): boolean {
    const there = this.comment(channelId, commentId) !== undefined || isDemoComment(channelId, commentId);
    if (!there || this.deleted.has(commentId)) return false;
    if (hidden) this.hidden.add(commentId);
    else this.hidden.delete(commentId);
    return true;
  }

  /** Whether the channel hid the comment. */
  isHidden(commentId: string): boolean {
    return this.hidden.has(commentId);
  }

  /** The channel's reply under `commentId` (under its thread's top comment, as Facebook nests), or undefined. */
  reply(channelId: string, channelName: string, commentId: string, message: string): SandboxComment | undefined {
    const target = this.comment(channelId, commentId);
    if (!target && !isDemoComment(channelId, commentId)) return undefined;
    const parentId = target?.parent?.id ?? commentId;
    const mine = this.posted.get(channelId) ?? [];
    const reply: SandboxComment = {
      id: `${parentId}_p${this.run}${mine.length + 1}`,
      message,
      from: { name: channelName },
      created_time: new Date(this.clock()).toISOString(),
      parent: { id: parentId },
      fromChannel: true,
    };
    mine.push(reply);
    this.posted.set(channelId, mine);
    this.byId.set(reply.id, { channelId, comment: reply });
    return reply;
  }
}
