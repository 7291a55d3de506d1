import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as inboxContract from '~contract/inbox';
import type { Comment } from '~contract/comments';
import { Alert } from '~/components/ui/alert';
import { ConfirmDialog } from '~/components/ui/dialog';
import type { IntentResult } from '~/lib/intents';
import { QuotedComment } from './quoted-comment';

/**
 * Which comment is being deleted, kept by the route that opens the dialog: `open(comment)`,
 * `close()`, and the intent's answer since it opened. A deletion that went through closes it; a
 * refusal keeps it open, saying the network's words by the comment (`refusal`).
 */
export function useDeleteDialog<C extends Comment>(result: IntentResult | undefined) {
  const [open, setOpen] = useState<{ comment: C; before: IntentResult | undefined } | null>(null);
  const answer = open && result !== open.before ? result : undefined;
  return {
    comment: open && !answer?.ok ? open.comment : null,
    refusal: answer && !answer.ok ? (answer.message ?? null) : null,
    open: (comment: C) => setOpen({ comment, before: result }),
    close: () => setOpen(null),
  };
}

/**
 * Asks before deleting a comment at its network (docs/product.md#inbox): it goes for everyone, on
 * the network and here, with its replies, and cannot be undone. The comment is quoted, so the
 * person sees what goes; a refusal (a comment gone there, the account to reconnect) shows under it.
 */
export function DeleteCommentDialog({
  comment,
  refusal,
  pending,
  onClose,
  onConfirm,
}: {
  comment: Comment | null;
  refusal: string | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (comment: Comment) => void;
}) {
  const { t } = useTranslation();
  const network = comment ? t(`inbox.networks.${inboxContract.networkOf(comment.channel.kind)}`) : '';
  return (
    <ConfirmDialog
      open={comment !== null}
      onClose={onClose}
      onConfirm={() => comment && onConfirm(comment)}
      title={t('inbox.delete.title', { network })}
      confirmText={t('inbox.delete.confirm', { network })}
      tone="danger"
      pending={pending}
    >
      {comment ? (
        <div className="flex flex-col gap-3">
          <p>{t('inbox.delete.text', { network, channel: comment.channel.name })}</p>
          <QuotedComment comment={comment} />
          {refusal ? (
            <Alert tone="danger" live>
              {refusal}
            </Alert>
          ) : null}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
