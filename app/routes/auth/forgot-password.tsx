import { getInputProps } from '@conform-to/react';
import { useActionData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '~/components/ui/app-form';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { GuestTitle } from '~/components/guest-frame';
import { Field } from '~/components/ui/field';
import { FormSubmit } from '~/components/ui/form-submit';
import { TextLink } from '~/components/ui/text-link';
import { forgotPassword } from '~/features/auth/api';
import { ForgotPasswordSchema } from '~/features/auth/schemas';
import { parseForm, replyWithApiError, useAppForm, useIsPending } from '~/lib/forms';
import { paths } from '~/lib/paths';
import { pageTitle } from '~/lib/i18n';

export async function clientAction({ request }: { request: Request }) {
  const submission = await parseForm(request, ForgotPasswordSchema);
  if (submission.status !== 'success') return { result: submission.reply(), sentTo: null };
  try {
    await forgotPassword(submission.value);
  } catch (error) {
    return { result: replyWithApiError(request, submission, error), sentTo: null };
  }
  return { result: submission.reply({ resetForm: true }), sentTo: submission.value.email };
}

/**
 * The outcome takes the focus as it replaces the form, whose field and button had it: the
 * keyboard goes on from the message (to "Back to sign in"), not from the page's start.
 * Written here and in reset-password.tsx rather than shared: a module both import would join the
 * `guest` chunk that every guest page loads first (scripts/chunk-modules.ts).
 */
const takeFocus = (element: HTMLElement | null) => element?.focus();

export default function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof clientAction>();
  const [form, fields] = useAppForm(ForgotPasswordSchema, { id: 'forgot-password', lastResult: actionData?.result });
  const pending = useIsPending();

  return (
    <>
      <GuestTitle>{t('forgot.title')}</GuestTitle>
      {actionData?.sentTo ? (
        <div role="status" tabIndex={-1} ref={takeFocus} className="focus-ring flex flex-col gap-4 rounded-lg">
          <p className="rounded-lg bg-success-soft px-4 py-3 text-success-fg ring-1 ring-success/30 ring-inset">
            {t('forgot.sent', { email: actionData.sentTo })}
          </p>
        </div>
      ) : (
        <AppForm form={form} className="flex flex-col gap-5">
          <p className="text-fg-muted">{t('forgot.intro')}</p>
          <Field
            label={t('form.email')}
            inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email', autoFocus: true }}
            errors={fields.email.errors}
          />
          <FormSubmit
            statusId="forgot-status"
            pending={pending}
            pendingText={t('forgot.pending')}
            submitText={t('forgot.submit')}
            errors={form.errors}
          />
        </AppForm>
      )}
      <p className="mt-6 text-center text-sm">
        <TextLink to={paths.login()}>{t('forgot.backToLogin')}</TextLink>
      </p>
    </>
  );
}

export function meta() {
  return pageTitle('forgot.title');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
