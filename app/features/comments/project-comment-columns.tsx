import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { dateTimeFormat, listFormat } from '~/lib/format';
import { RULE_ACTIONS, type RuleAction } from '~contract/inbox-rules';
import type { Comment } from '~contract/comments';
import { Badge, SentimentBadge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { StrokeIcon } from '~/components/ui/icon';
import type { Column } from '~/components/ui/table';
import { formText, useIntent } from '~/lib/intents';
import type { CommentMarks, ProjectComment } from './project-comments';
import { authorClass, authorOf } from './author';

/** The intent a row's bookmark and hide buttons submit to the comments route's clientAction. */
export const markIntent = 'mark';

export const MARKS = ['isBookmarked', 'isHidden'] as const;
export type CommentMark = (typeof MARKS)[number];

/** The marks a row's intent asks for (anything else is a bug in the page). */
export function marksOf(form: FormData): CommentMarks {
  const name = formText(form, 'mark');
  if (!MARKS.includes(name as CommentMark)) throw new Response(`Unknown mark "${name}"`, { status: 400 });
  return { [name]: formText(form, 'value') === 'true' };
}

export function BookmarkIcon({ filled }: { filled: boolean }) {
  return <StrokeIcon d="M6 4h12v17l-6-4-6 4z" className={`size-4 ${filled ? 'fill-current' : ''}`} />;
}

export function HideIcon({ hidden }: { hidden: boolean }) {
  return hidden ? (
    <StrokeIcon
      d="M3 3l18 18M10.6 6.1A9.8 9.8 0 0 1 12 6c5 0 9 6 9 6a17 17 0 0 1-3 3.4M6.5 7.6C4.4 9.1 3 12 3 12s4 6 9 6a9 9 0 0 0 4.2-1"
      className="size-4"
    />
  ) : (
    <StrokeIcon d="M3 12s4-6 9-6 9 6 9 6-4 6-9 6-9-6-9-6zm9 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z" className="size-4" />
  );
}

export function ReplyIcon() {
  return <StrokeIcon d="M9 14 4 9l5-5M4 9h10a6 6 0 0 1 6 6v5" className="size-4" />;
}

/** One comment's words and details; a reply reads the same, smaller, under its parent. */
export function CommentBody({ comment, reply = false }: { comment: Comment; reply?: boolean }) {
  const { t, i18n } = useTranslation();
  const date = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className={`font-semibold wrap-anywhere ${authorClass(comment)}`}>{authorOf(comment, t)}</span>
        {comment.fromChannel ? <Badge tone="primary">{t('projectComments.yourReply')}</Badge> : null}
        {reply && !comment.fromChannel ? <SentimentBadge sentiment={comment.sentiment.sentiment} /> : null}
        {comment.isHidden ? <Badge tone="neutral">{t('projectComments.hidden')}</Badge> : null}
      </span>
      {/* User content: React writes it as text, never as HTML. */}
      <span className={`wrap-anywhere whitespace-pre-line ${reply ? 'text-sm' : 'line-clamp-4'}`}>
        {comment.message}
      </span>
      <span className="text-xs text-fg-muted">
        <time dateTime={comment.publishedAt}>{date.format(new Date(comment.publishedAt))}</time>
      </span>
      {comment.rule ? <RuleNote rule={comment.rule} /> : null}
    </div>
  );
}

/** What an inbox rule did to the comment as it arrived: "Hidden and marked done by the rule “Spam links”". */
function RuleNote({ rule }: { rule: NonNullable<Comment['rule']> }) {
  const { t, i18n } = useTranslation();
  const did = rule.actions
    .filter((action): action is RuleAction => (RULE_ACTIONS as readonly string[]).includes(action))
    .map((action, index) => {
      const words = t(`inboxRules.did.${action}`);
      return index === 0 ? words : words.toLocaleLowerCase(i18n.language);
    });
  if (did.length === 0) return null;
  const actions = listFormat(i18n.language, { type: 'conjunction' }).format(did);
  return <span className="text-xs text-fg-muted italic">{t('inboxRules.byRule', { actions, name: rule.name })}</span>;
}

/**
 * A comment's buttons: reply (when its channel can), bookmark and hide. Each row submits its marks
 * through a fetcher of its own (`useIntent`), so a row waits for its own answer only, as several
 * rows can be marked at once; the route's clientAction changes the comment in the cached lists
 * (`markProjectComment`).
 */
function CommentActions({ comment, onReply }: { comment: ProjectComment; onReply: (comment: Comment) => void }) {
  const { t } = useTranslation();
  const { submit, pending } = useIntent();
  const mark = (name: CommentMark, value: boolean) =>
    submit(markIntent, { id: comment.id, mark: name, value: String(value) });
  return (
    <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
      {comment.channel.canReply ? (
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('projectComments.reply.open', { author: authorOf(comment, t) })}
          title={t('projectComments.reply.openHint')}
          onClick={() => onReply(comment)}
        >
          <ReplyIcon />
        </Button>
      ) : null}
      <Button
        variant="ghost"
        size="sm"
        aria-pressed={comment.isBookmarked}
        aria-label={t('projectComments.bookmark', { author: authorOf(comment, t) })}
        title={t(comment.isBookmarked ? 'projectComments.unbookmarkHint' : 'projectComments.bookmarkHint')}
        // Not `disabled`, which would drop the focus while the mark is sent.
        aria-disabled={pending !== null || undefined}
        onClick={() => mark('isBookmarked', !comment.isBookmarked)}
        className={comment.isBookmarked ? 'text-primary' : ''}
      >
        <BookmarkIcon filled={comment.isBookmarked} />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-pressed={comment.isHidden}
        aria-label={t('projectComments.hide', { author: authorOf(comment, t) })}
        title={t(comment.isHidden ? 'projectComments.unhideHint' : 'projectComments.hideHint')}
        // Not `disabled`, which would drop the focus while the mark is sent.
        aria-disabled={pending !== null || undefined}
        onClick={() => mark('isHidden', !comment.isHidden)}
      >
        <HideIcon hidden={comment.isHidden} />
      </Button>
    </div>
  );
}

/**
 * A top-level comment as a list of comments shows it (a project's, the inbox): where it is
 * (`place`), its words and details, its sentiment on a phone, and its replies under it.
 */
export function CommentWithReplies({ comment, place }: { comment: ProjectComment; place: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      {place}
      <CommentBody comment={comment} />
      <span className="md:hidden">
        <CommentSentiment comment={comment} />
      </span>
      {comment.replies.length > 0 ? (
        <ul
          aria-label={t('projectComments.repliesTo', { count: comment.replies.length, author: authorOf(comment, t) })}
          className="mt-1 flex flex-col gap-3 border-l-2 border-line pl-4"
        >
          {comment.replies.map((reply) => (
            <li key={reply.id}>
              <CommentBody comment={reply} reply />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The sentiment column of a list of comments, shown from `md` (below it the comment's cell shows it). */
export const sentimentColumn = <Row extends Comment>(t: TFunction): Column<Row> => ({
  id: 'sentiment',
  header: t('projectComments.columns.sentiment'),
  className: 'w-36 align-top',
  from: 'md',
  cell: (comment) => <CommentSentiment comment={comment} />,
});

/**
 * A comment's sentiment as its owner sees it: its badge, and under an unclassified comment that
 * waits for a reviewer, what the classifier proposes, said as a guess (docs/product.md#sentiment):
 * "Unclassified" alone told the owner nothing of a comment the classifier reads as a complaint.
 * The badge stays the comment's sentiment, as the filters, the chart and the counts have it.
 */
export function CommentSentiment({ comment }: { comment: Comment }) {
  const { t } = useTranslation();
  const { sentiment, inReview } = comment.sentiment;
  const guess = inReview && sentiment === 'UNCLASSIFIED' ? comment.proposedSentiment : null;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <SentimentBadge sentiment={sentiment} />
      {guess && guess !== 'UNCLASSIFIED' ? (
        <span className="text-xs text-fg-muted">{t(`projectComments.probably.${guess}`)}</span>
      ) : null}
    </span>
  );
}

/**
 * A project's comments as the table shows them: the comment with its replies, its sentiment, its
 * buttons. The channel's line is the route's to draw (the integrations feature's, which a feature
 * does not reach into).
 */
export function useProjectCommentColumns({
  onReply,
  channel,
}: {
  onReply: (comment: Comment) => void;
  channel: (comment: ProjectComment) => ReactNode;
}): Column<ProjectComment>[] {
  const { t } = useTranslation();
  return [
    {
      id: 'comment',
      header: t('projectComments.columns.comment'),
      className: 'min-w-48 sm:min-w-64',
      cell: (comment) => (
        <CommentWithReplies
          comment={comment}
          place={<span className="text-xs text-fg-muted">{channel(comment)}</span>}
        />
      ),
    },
    sentimentColumn(t),
    {
      id: 'actions',
      header: <span className="sr-only">{t('projectComments.columns.actions')}</span>,
      align: 'end',
      className: 'w-12 align-top sm:w-32',
      cell: (comment) => <CommentActions comment={comment} onReply={onReply} />,
    },
  ];
}
