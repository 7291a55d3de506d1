import { getInputProps, getTextareaProps } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { REPLY_MAX } from '~contract/comments';
import { SAVED_REPLY_TITLE_MAX, SAVED_REPLY_VARIABLES, type SavedReply } from '~contract/saved-replies';
import { AppForm } from '~/components/ui/app-form';
import { Button } from '~/components/ui/button';
import { FormDialog, formResult, type DialogFormProps } from '~/components/ui/dialog';
import { Field } from '~/components/ui/field';
import { FormSubmit } from '~/components/ui/form-submit';
import { TextArea } from '~/components/ui/textarea';
import { useAppForm } from '~/lib/forms';
import { SavedReplyFormSchema } from './saved-replies';
import { typeInto } from './saved-reply-picker';

/**
 * A saved reply's words as they are kept, each variable set apart ("{firstName}" in a chip), so
 * the person sees at a glance what is filled for each comment.
 */
export function SavedReplyText({ message }: { message: string }) {
  return (
    <>
      {message.split(/(\{\s*[^{}\s]*\s*\})/).map((part, index) =>
        (SAVED_REPLY_VARIABLES as readonly string[]).includes(part.slice(1, -1).trim()) && part.startsWith('{') ? (
          <span key={index} className="rounded bg-muted px-1 font-mono text-[0.8125rem] text-fg">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** What the dialog edits: a saved reply, or `'new'` for one to make. */
export type SavedReplyEditing = SavedReply | 'new';

/**
 * Making or changing a saved reply (docs/product.md#saved-replies): the one form pattern in the
 * one dialog, posted to the saved-replies route's action as its `save` intent. The variables are
 * a button away, put where the caret is; what was typed stays when the API refuses it.
 */
export function SavedReplyDialog({
  editing,
  onClose,
  lastResult,
  pending,
}: { editing: SavedReplyEditing | null } & DialogFormProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      item={editing}
      itemKey={(each) => (each === 'new' ? 'new' : each.id)}
      title={(each) => t(each === 'new' ? 'savedReplies.createTitle' : 'savedReplies.editTitle')}
      pending={pending}
      onClose={onClose}
    >
      {(each) => <SavedReplyForm editing={each} onClose={onClose} lastResult={lastResult} pending={pending} />}
    </FormDialog>
  );
}

function SavedReplyForm({ editing, onClose, lastResult, pending }: { editing: SavedReplyEditing } & DialogFormProps) {
  const { t } = useTranslation();
  const saved = editing === 'new' ? undefined : editing;
  const [form, fields] = useAppForm(SavedReplyFormSchema, {
    id: `saved-reply-${saved?.id ?? 'new'}`,
    lastResult: formResult(lastResult),
    defaultValue: { id: saved?.id, title: saved?.title ?? '', message: saved?.message ?? '' },
    draft: { key: `saved-reply-${saved?.id ?? 'new'}`, fields: ['title', 'message'] },
  });
  /** Puts `{name}` where the caret is in the reply, as typing it would. */
  const insertVariable = (name: string) => {
    const textarea = document.getElementById(fields.message.id);
    if (!(textarea instanceof HTMLTextAreaElement)) return;
    const { selectionStart, selectionEnd, value } = textarea;
    const variable = `{${name}}`;
    typeInto(
      textarea,
      value.slice(0, selectionStart) + variable + value.slice(selectionEnd),
      selectionStart + variable.length,
    );
  };
  return (
    <AppForm form={form} aria-describedby="saved-reply-status" className="mt-2 flex flex-col gap-5">
      <input type="hidden" name="intent" value="save" />
      {saved ? <input {...getInputProps(fields.id, { type: 'hidden' })} /> : null}
      <Field
        label={t('savedReplies.fields.title')}
        hint={t('savedReplies.fields.titleHint')}
        inputProps={{
          ...getInputProps(fields.title, { type: 'text' }),
          maxLength: SAVED_REPLY_TITLE_MAX,
          autoFocus: true,
        }}
        errors={fields.title.errors}
      />
      <div className="flex flex-col gap-2">
        <TextArea
          label={t('savedReplies.fields.message')}
          hint={t('savedReplies.fields.messageHint')}
          textareaProps={{ ...getTextareaProps(fields.message), maxLength: REPLY_MAX, rows: 5 }}
          errors={fields.message.errors}
          counter
        />
        <div role="group" aria-label={t('savedReplies.variables.label')} className="flex flex-wrap gap-2">
          {SAVED_REPLY_VARIABLES.map((name) => (
            <Button key={name} variant="secondary" size="sm" onClick={() => insertVariable(name)} disabled={pending}>
              + {t(`savedReplies.variables.${name}`)}
            </Button>
          ))}
        </div>
      </div>
      <FormSubmit
        statusId="saved-reply-status"
        pending={pending}
        pendingText={t('savedReplies.saving')}
        submitText={t('savedReplies.save')}
        errors={form.errors}
      />
      <Button variant="secondary" onClick={onClose} disabled={pending}>
        {t('common.cancel')}
      </Button>
    </AppForm>
  );
}
