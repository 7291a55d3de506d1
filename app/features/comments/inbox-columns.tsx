import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { StrokeIcon } from '~/components/ui/icon';
import type { Column } from '~/components/ui/table';
import { useIntent } from '~/lib/intents';
import { authorOf } from './author';
import type { InboxComment } from './inbox';
import {
  BookmarkIcon,
  CommentWithReplies,
  HideIcon,
  ReplyIcon,
  sentimentColumn,
  type CommentMark,
} from './project-comment-columns';

/** The intents a row's buttons submit to the inbox route's clientAction. */
export const inboxIntents = {
  done: 'done',
  doneMatching: 'doneMatching',
  undo: 'undo',
  mark: 'mark',
  delete: 'delete',
} as const;

function DoneIcon() {
  return <StrokeIcon d="M5 12.5l4.5 4.5L19 7.5" className="size-4" />;
}
function OpenAgainIcon() {
  return <StrokeIcon d="M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4" className="size-4" />;
}
function DeleteIcon() {
  return (
    <StrokeIcon d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" className="size-4" />
  );
}

/** Where an inbox comment is: the projects that follow its channel, and the channel's line. */
export function InboxPlace({ comment, channel }: { comment: InboxComment; channel: ReactNode }) {
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-fg-muted">
      <span className="font-semibold text-fg wrap-anywhere">
        {comment.projects.map((project) => project.name).join(', ')}
      </span>
      {channel}
    </span>
  );
}

/** What a row's buttons call on the page. */
export interface InboxRowActions {
  onReply: (comment: InboxComment) => void;
  onDone: (comment: InboxComment) => void;
  onDelete: (comment: InboxComment) => void;
}

/** A button's words beside its icon; its name stays the aria-label's, which says whose comment. */
function Said({ children }: { children: ReactNode }) {
  return (
    <span aria-hidden="true" className="ml-2">
      {children}
    </span>
  );
}

/**
 * Where a row's channel cannot reply or delete, the room that button takes (an icon button of size
 * `sm`: 16 px and 12 px either side), so that each action keeps its place from row to row,
 * whatever the row's channel can do: "done" stays under the pointer down the list.
 */
function NoAction() {
  return <span aria-hidden="true" className="hidden h-8 w-10 shrink-0 sm:block" />;
}

/**
 * A comment's buttons in the inbox: done (or open again: the page's, which says it with its Undo),
 * reply (when its channel can), bookmark and hide (an intent of the row's own fetcher, so a row
 * waits for its own answer only), and delete at the network where its channel can (the page's
 * dialog asks first).
 */
export function InboxActions({
  comment,
  onReply,
  onDone,
  onDelete,
  labelled = false,
}: InboxRowActions & {
  comment: InboxComment;
  /** Each button says its action in words beside its icon (the phone's detail, where there is room). */
  labelled?: boolean;
}) {
  const { t } = useTranslation();
  const marks = useIntent();
  const author = authorOf(comment, t);
  const mark = (name: CommentMark, value: boolean) =>
    marks.submit(inboxIntents.mark, { id: comment.id, mark: name, value: String(value) });
  const isDone = comment.doneAt !== null;
  return (
    <div
      className={
        labelled
          ? 'grid grid-cols-2 gap-2 [&>button]:justify-start'
          : 'flex flex-col items-end gap-1 sm:flex-row sm:justify-end'
      }
    >
      <Button
        variant="ghost"
        size="sm"
        aria-label={t(isDone ? 'inbox.openAgain' : 'inbox.markDone', { author })}
        title={t(isDone ? 'inbox.openAgainHint' : 'inbox.markDoneHint')}
        onClick={() => onDone(comment)}
      >
        {isDone ? <OpenAgainIcon /> : <DoneIcon />}
        {labelled ? <Said>{t(isDone ? 'inbox.openAgainHint' : 'inbox.markDoneHint')}</Said> : null}
      </Button>
      {comment.channel.canReply ? (
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('projectComments.reply.open', { author })}
          title={t('projectComments.reply.openHint')}
          onClick={() => onReply(comment)}
        >
          <ReplyIcon />
          {labelled ? <Said>{t('projectComments.reply.openHint')}</Said> : null}
        </Button>
      ) : labelled ? null : (
        <NoAction />
      )}
      <Button
        variant="ghost"
        size="sm"
        aria-pressed={comment.isBookmarked}
        aria-label={t('projectComments.bookmark', { author })}
        title={t(comment.isBookmarked ? 'projectComments.unbookmarkHint' : 'projectComments.bookmarkHint')}
        // Not `disabled`, which would drop the focus while the mark is sent.
        aria-disabled={marks.pending !== null || undefined}
        onClick={() => mark('isBookmarked', !comment.isBookmarked)}
        className={comment.isBookmarked ? 'text-primary' : ''}
      >
        <BookmarkIcon filled={comment.isBookmarked} />
        {labelled ? (
          <Said>{t(comment.isBookmarked ? 'projectComments.unbookmarkHint' : 'projectComments.bookmarkHint')}</Said>
        ) : null}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-pressed={comment.isHidden}
        aria-label={t('projectComments.hide', { author })}
        title={t(comment.isHidden ? 'projectComments.unhideHint' : 'projectComments.hideHint')}
        // Not `disabled`, which would drop the focus while the mark is sent.
        aria-disabled={marks.pending !== null || undefined}
        onClick={() => mark('isHidden', !comment.isHidden)}
      >
        <HideIcon hidden={comment.isHidden} />
        {labelled ? (
          <Said>{t(comment.isHidden ? 'projectComments.unhideHint' : 'projectComments.hideHint')}</Said>
        ) : null}
      </Button>
      {comment.channel.canDelete ? (
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('inbox.delete.open', { author })}
          title={t('inbox.delete.openHint')}
          onClick={() => onDelete(comment)}
        >
          <DeleteIcon />
          {labelled ? <Said>{t('inbox.delete.openHint')}</Said> : null}
        </Button>
      ) : labelled ? null : (
        <NoAction />
      )}
    </div>
  );
}

/**
 * The inbox as its table shows it: where the comment is (its projects and channel), the comment
 * with its replies, its sentiment, its buttons. The channel's line is the route's to draw (the
 * integrations feature's).
 */
export function useInboxColumns({
  onReply,
  onDone,
  onDelete,
  onOpen,
  channel,
}: InboxRowActions & {
  /** On a phone, where the row has no room for its buttons: the comment's detail. */
  onOpen: (comment: InboxComment) => void;
  channel: (comment: InboxComment) => ReactNode;
}): Column<InboxComment>[] {
  const { t } = useTranslation();
  return [
    {
      id: 'comment',
      header: t('projectComments.columns.comment'),
      className: 'min-w-48 sm:min-w-64',
      cell: (comment) => (
        <CommentWithReplies comment={comment} place={<InboxPlace comment={comment} channel={channel(comment)} />} />
      ),
    },
    sentimentColumn(t),
    {
      id: 'actions',
      header: <span className="sr-only">{t('projectComments.columns.actions')}</span>,
      align: 'end',
      className: 'w-52 align-top',
      from: 'sm',
      cell: (comment) => <InboxActions comment={comment} onReply={onReply} onDone={onDone} onDelete={onDelete} />,
    },
    {
      id: 'open',
      header: <span className="sr-only">{t('projectComments.columns.actions')}</span>,
      align: 'end',
      className: 'w-12 align-top',
      until: 'sm',
      cell: (comment) => (
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('inbox.detail.open', { author: authorOf(comment, t) })}
          onClick={() => onOpen(comment)}
        >
          <StrokeIcon d="m9 6 6 6-6 6" className="size-4" />
        </Button>
      ),
    },
  ];
}
