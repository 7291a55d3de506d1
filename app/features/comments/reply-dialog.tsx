import { getInputProps, getTextareaProps } from '@conform-to/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { REPLY_MAX, ReplyBodySchema, type Comment } from '~contract/comments';
import * as fieldsContract from '~contract/fields';
import { AppForm } from '~/components/ui/app-form';
import { Button } from '~/components/ui/button';
import { FormDialog, formResult, type DialogFormProps } from '~/components/ui/dialog';
import { FormSubmit } from '~/components/ui/form-submit';
import { TextArea } from '~/components/ui/textarea';
import { replyWithApiError, useAppForm, type Submission } from '~/lib/forms';
import { HttpError } from '~/lib/http';
import * as savedRepliesContract from '~contract/saved-replies';
import type { SavedReply } from '~contract/saved-replies';
import { QuotedComment } from './quoted-comment';
import { useSavedReplyPicker } from './saved-reply-picker';

/** The reply form: the API's own rule for the words, and which comment it answers. */
export const ReplyFormSchema = z.extend(ReplyBodySchema, { commentId: fieldsContract.id() });

/**
 * A reply's refusal, said in its form, wherever a reply is sent from: the provider's refusal or
 * absence (409, 502) in the API's own words, a comment gone (404) as such, anything else as every
 * form says it. What was typed stays.
 */
export function replyRefused(request: Request, submission: Submission, error: unknown) {
  if (error instanceof HttpError && (error.status === 409 || error.status === 502) && error.body?.message) {
    return submission.reply({ formErrors: [error.body.message] });
  }
  return replyWithApiError(request, submission, error, { 404: 'projectComments.reply.gone' });
}

/**
 * Replying to a comment as its channel (docs/product.md#replies): the one form pattern in the one dialog, posted
 * to the comments route's action. The comment is quoted above the form, so the reply is written
 * looking at it. A refusal (the provider down, the account to reconnect) shows in the form, and
 * what was typed stays.
 */
export function ReplyDialog({
  comment,
  savedReplies,
  onClose,
  lastResult,
  pending,
}: ReplyProps<Comment | null> & DialogFormProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      item={comment}
      itemKey={(each) => each.id}
      title={(each) => t('projectComments.reply.title', { channel: each.channel.name })}
      pending={pending}
      onClose={onClose}
    >
      {(each) => (
        <ReplyForm
          comment={each}
          savedReplies={savedReplies}
          onClose={onClose}
          lastResult={lastResult}
          pending={pending}
        />
      )}
    </FormDialog>
  );
}

/** The comment answered, and the user's saved replies (null when they could not be read). */
type ReplyProps<C> = { comment: C; savedReplies: SavedReply[] | null };

function ReplyForm({ comment, savedReplies, onClose, lastResult, pending }: ReplyProps<Comment> & DialogFormProps) {
  const { t } = useTranslation();
  const saved = useSavedReplyPicker(savedReplies, {
    firstName: savedRepliesContract.firstNameOf(comment.authorName),
    pageName: comment.channel.name,
  });
  // One attempt while the form is open: sending again after an error (an answer lost on the way)
  // is the same attempt, which the API never posts twice.
  const [attemptId] = useState(() => crypto.randomUUID());
  const [form, fields] = useAppForm(ReplyFormSchema, {
    id: `reply-${comment.id}`,
    lastResult: formResult(lastResult),
    defaultValue: { commentId: comment.id, attemptId, message: '' },
    draft: { key: `reply-${comment.id}`, fields: ['message'] },
  });
  return (
    <AppForm form={form} aria-describedby="reply-status" className="mt-2 flex flex-col gap-5">
      <QuotedComment comment={comment} />
      <input {...getInputProps(fields.commentId, { type: 'hidden' })} />
      <input {...getInputProps(fields.attemptId, { type: 'hidden' })} />
      <TextArea
        label={t('projectComments.reply.message')}
        hint={
          <>
            {t('projectComments.reply.hint', { channel: comment.channel.name })} {saved.hint}
          </>
        }
        textareaProps={{
          ...getTextareaProps(fields.message),
          ...saved.textareaProps,
          maxLength: REPLY_MAX,
          autoFocus: true,
        }}
        errors={fields.message.errors}
        counter
      />
      {saved.picker}
      <FormSubmit
        statusId="reply-status"
        pending={pending}
        pendingText={t('projectComments.reply.posting')}
        submitText={t('projectComments.reply.post')}
        errors={form.errors}
      />
      <Button variant="secondary" onClick={onClose} disabled={pending}>
        {t('common.cancel')}
      </Button>
    </AppForm>
  );
}
