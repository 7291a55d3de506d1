import { useTranslation } from 'react-i18next';
import type { Comment } from '~contract/comments';
import { authorOf } from './author';

/** The comment a dialog is about, quoted above what it asks: who said it, and its words. */
export function QuotedComment({ comment }: { comment: Comment }) {
  const { t } = useTranslation();
  return (
    <figure className="rounded-lg bg-muted px-4 py-3 text-sm">
      <figcaption className="font-semibold">{authorOf(comment, t)}</figcaption>
      {/* User content: text, never HTML. */}
      <blockquote className="mt-1 line-clamp-6 wrap-anywhere whitespace-pre-line text-fg-muted">
        {comment.message}
      </blockquote>
    </figure>
  );
}
