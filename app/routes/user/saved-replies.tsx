import { useActionData, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '~/lib/format';
import { MAX_SAVED_REPLIES } from '~contract/saved-replies';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { ConfirmDialog, useFormDialog } from '~/components/ui/dialog';
import { EmptyState } from '~/components/ui/empty-state';
import { AppMenu } from '~/components/ui/menu';
import { PageHeader } from '~/components/ui/page-header';
import { TruncatedText } from '~/components/ui/truncated-text';
import { requireUser } from '~/features/auth/guards';
import {
  deleteSavedReply,
  getSavedReplies,
  saveReply,
  SavedReplyFormSchema,
  type SavedReply,
} from '~/features/comments/saved-replies';
import { SavedReplyDialog, SavedReplyText, type SavedReplyEditing } from '~/features/comments/saved-reply-dialog';
import { parseForm, replyWithApiError, useIsPending } from '~/lib/forms';
import { pageTitle } from '~/lib/i18n';
import { formAnswer, formText, handleIntents, intentOf, useIntent } from '~/lib/intents';
import { throwRouteError } from '~/lib/route-errors';
import { snackbar } from '~/lib/snackbar';

export async function clientLoader({ request }: { request: Request }) {
  await requireUser(request);
  try {
    return { savedReplies: await getSavedReplies() };
  } catch (error) {
    throwRouteError(error, request);
  }
}

/** Every change the page makes: the dialog's form (`save`), and deleting from a reply's menu. */
export async function clientAction({ request }: { request: Request }) {
  await requireUser(request);
  if ((await intentOf(request)) === 'save') return save(request);
  return handleIntents(
    request,
    {
      delete: async (form) => {
        await deleteSavedReply(formText(form, 'id'));
        snackbar.show('savedReplies.deleted', 'success', { values: { title: formText(form, 'title') } });
      },
    },
    { 404: { key: 'savedReplies.gone' } },
  );
}

async function save(request: Request) {
  const submission = await parseForm(request, SavedReplyFormSchema);
  if (submission.status !== 'success') return submission.reply();
  const { id, ...body } = submission.value;
  try {
    const saved = await saveReply(id, body);
    snackbar.show('savedReplies.saved', 'success', { values: { title: saved.title } });
  } catch (error) {
    // A full list (409) is said in the API's own words, by the form; what was typed stays.
    return replyWithApiError(request, submission, error, { 404: 'savedReplies.gone' });
  }
  return submission.reply();
}

/**
 * The user's saved replies (docs/product.md#saved-replies): each with its words as they are kept,
 * variables and all; made and changed in the one form dialog, deleted after a confirmation.
 */
export default function SavedRepliesRoute() {
  const { t, i18n } = useTranslation();
  const { savedReplies } = useLoaderData<typeof clientLoader>();
  const editing = useFormDialog<SavedReplyEditing>(formAnswer(useActionData<typeof clientAction>()));
  const savePending = useIsPending();
  const deletion = useIntent();
  const [confirming, setConfirming] = useState<{ reply: SavedReply; before: typeof deletion.result } | null>(null);
  const deleted = confirming && deletion.result !== confirming.before && deletion.result?.ok;
  const deleting = confirming && !deleted ? confirming.reply : null;
  const setDeleting = (reply: SavedReply | null) => setConfirming(reply ? { reply, before: deletion.result } : null);
  const dateFormat = dateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const full = savedReplies.length >= MAX_SAVED_REPLIES;
  const newButton = (
    <Button onClick={() => editing.open('new')} disabled={full}>
      {t('savedReplies.new')}
    </Button>
  );
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={t('savedReplies.title')}
        subtitle={t('savedReplies.subtitle')}
        actions={savedReplies.length > 0 ? newButton : null}
      />
      {full ? <Alert tone="info">{t('savedReplies.full', { count: MAX_SAVED_REPLIES })}</Alert> : null}
      {savedReplies.length === 0 ? (
        <EmptyState
          headingLevel={2}
          title={t('savedReplies.emptyTitle')}
          description={t('savedReplies.empty')}
          action={newButton}
        />
      ) : (
        <ul aria-label={t('savedReplies.listLabel')} className="grid grid-cols-1 gap-4 lg:grid-cols-2 2xl:grid-cols-3">
          {savedReplies.map((reply) => (
            <li key={reply.id}>
              <Card className="h-full">
                <div className="flex h-full flex-col gap-2">
                  <div className="flex items-start gap-3">
                    <h2 className="min-w-0 flex-1 font-semibold text-fg">
                      <TruncatedText text={reply.title} />
                    </h2>
                    <AppMenu
                      label={t('savedReplies.actionsFor', { title: reply.title })}
                      iconOnly
                      size="sm"
                      items={[
                        { label: t('savedReplies.edit'), onSelect: () => editing.open(reply) },
                        { label: t('savedReplies.delete'), onSelect: () => setDeleting(reply), danger: true },
                      ]}
                    />
                  </div>
                  {/* User content: text, never HTML. */}
                  <p className="line-clamp-4 text-sm wrap-anywhere whitespace-pre-line text-fg-muted">
                    <SavedReplyText message={reply.message} />
                  </p>
                  <p className="mt-auto text-xs text-fg-subtle">
                    {t('savedReplies.updated', { date: dateFormat.format(new Date(reply.updatedAt)) })}
                  </p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <SavedReplyDialog
        editing={editing.item}
        onClose={editing.close}
        lastResult={editing.lastResult}
        pending={savePending}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && deletion.submit('delete', { id: deleting.id, title: deleting.title })}
        title={t('savedReplies.deleteTitle')}
        confirmText={t('savedReplies.deleteConfirm')}
        tone="danger"
        pending={deletion.pending === `delete:${deleting?.id}`}
      >
        <p className="wrap-anywhere">{t('savedReplies.deleteText', { title: deleting?.title ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}

export function meta() {
  return pageTitle('savedReplies.title');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
