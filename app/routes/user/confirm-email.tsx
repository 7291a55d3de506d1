import { getInputProps } from '@conform-to/react';
import { redirect, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { AppForm } from '~/components/ui/app-form';
import { Card } from '~/components/ui/card';
import { FormSubmit } from '~/components/ui/form-submit';
import { PageHeader } from '~/components/ui/page-header';
import { TextLink } from '~/components/ui/text-link';
import { confirmEmailChange } from '~/features/auth/account-api';
import { ConfirmEmailChangeSchema } from '~/features/auth/account-schemas';
import { requireUser } from '~/features/auth/guards';
import { useSignedInUser } from '~/features/auth/use-signed-in-user';
import { HttpError } from '~/lib/http';
import { parseForm, replyWithApiError, useAppForm, useIsPending } from '~/lib/forms';
import { pageTitle } from '~/lib/i18n';
import { paths } from '~/lib/paths';
import { snackbar } from '~/lib/snackbar';

/**
 * Where the link mailed to a new address leads. Signed in (the layout's guard sends a guest to
 * sign in, with the old address, and back): the link alone changes nothing, so a mistyped
 * address's owner cannot take the account. Confirming is a button, not the page's load, so a
 * reload, a back button or a mail scanner's visit never spends the link.
 */
export async function clientLoader({ request, params }: { request: Request; params: { token?: string } }) {
  await requireUser(request);
  return { token: params.token ?? '' };
}

export async function clientAction({ request }: { request: Request }) {
  await requireUser(request);
  const submission = await parseForm(request, ConfirmEmailChangeSchema);
  if (submission.status !== 'success') return { result: submission.reply() };
  let email: string;
  try {
    ({ email } = await confirmEmailChange(submission.value.token));
  } catch (error) {
    // The API's words name the address another account took meanwhile.
    const takenMeanwhile = error instanceof HttpError && error.status === 409 ? { 409: error.message } : {};
    return {
      result: replyWithApiError(request, submission, error, {
        403: 'account.impersonating.refused',
        ...takenMeanwhile,
      }),
    };
  }
  snackbar.show('account.email.changed', 'success', { values: { email } });
  throw redirect(paths.account());
}

export default function ConfirmEmailRoute() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const { token } = useLoaderData<typeof clientLoader>();
  const [form, fields] = useAppForm(ConfirmEmailChangeSchema, {
    id: 'confirm-email',
    lastResult: useActionData<typeof clientAction>()?.result,
    defaultValue: { token },
  });
  const pending = useIsPending();
  const waiting = user.pendingEmail;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageHeader title={t('account.email.confirmTitle')} />
      <Card>
        <AppForm form={form} className="flex flex-col gap-5">
          <p>
            {waiting
              ? t('account.email.confirmText', { pending: waiting.email, current: user.email })
              : t('account.email.confirmTextUnknown', { current: user.email })}
          </p>
          <p className="text-sm text-fg-muted">{t('account.email.confirmSessions')}</p>
          <input {...getInputProps(fields.token, { type: 'hidden' })} />
          <FormSubmit
            statusId="confirm-email-status"
            pending={pending}
            pendingText={t('account.email.confirming')}
            submitText={t('account.email.confirm')}
            errors={[...(form.errors ?? []), ...(fields.token.errors ?? [])]}
          />
        </AppForm>
        <p className="mt-6 text-sm">
          <TextLink to={paths.account()}>{t('account.email.backToAccount')}</TextLink>
        </p>
      </Card>
    </div>
  );
}

export function meta() {
  return pageTitle('account.email.confirmTitle');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
