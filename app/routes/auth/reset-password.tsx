import { getInputProps } from '@conform-to/react';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '~/components/ui/app-form';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { GuestTitle } from '~/components/guest-frame';
import { ButtonLink } from '~/components/ui/button';
import { PasswordField } from '~/components/ui/field';
import { FormSubmit } from '~/components/ui/form-submit';
import { TextLink } from '~/components/ui/text-link';
import { resetPassword } from '~/features/auth/api';
import { PasswordRequirements } from '~/features/auth/password-requirements';
import { ResetLinkSchema, ResetPasswordSchema } from '~/features/auth/schemas';
import { parseForm, replyWithApiError, useAppForm, useIsPending } from '~/lib/forms';
import { paths } from '~/lib/paths';
import { pageTitle } from '~/lib/i18n';

export async function clientLoader({ request, params }: { request: Request; params: { token?: string } }) {
  const email = new URL(request.url).searchParams.get('email') ?? '';
  const token = params.token ?? '';
  // A link without a usable email or token cannot succeed: say so instead of offering a doomed form.
  const linkValid = ResetLinkSchema.safeParse({ email, token }).success;
  return { token, email, linkValid };
}

export async function clientAction({ request }: { request: Request }) {
  const submission = await parseForm(request, ResetPasswordSchema);
  if (submission.status !== 'success') return { result: submission.reply(), done: false };
  try {
    await resetPassword(submission.value);
  } catch (error) {
    return { result: replyWithApiError(request, submission, error), done: false };
  }
  return { result: submission.reply({ resetForm: true }), done: true };
}

/**
 * The outcome takes the focus as it replaces the form, whose fields and button had it: the
 * keyboard goes on from the message (to "Sign in"), not from the page's start.
 * Written here and in forgot-password.tsx rather than shared: a module both import would join the
 * `guest` chunk that every guest page loads first (scripts/chunk-modules.ts).
 */
const takeFocus = (element: HTMLElement | null) => element?.focus();

export default function ResetPasswordRoute() {
  const { t } = useTranslation();
  const { token, email, linkValid } = useLoaderData<typeof clientLoader>();
  const actionData = useActionData<typeof clientAction>();
  const [form, fields] = useAppForm(ResetPasswordSchema, {
    id: 'reset-password',
    lastResult: actionData?.result,
    defaultValue: { token, email },
  });
  const pending = useIsPending();

  if (actionData?.done) {
    return (
      <>
        <GuestTitle>{t('reset.doneTitle')}</GuestTitle>
        <div role="status" tabIndex={-1} ref={takeFocus} className="focus-ring flex flex-col gap-6 rounded-lg">
          <p className="text-fg-muted">{t('reset.doneText')}</p>
          <ButtonLink to={paths.login()}>{t('reset.signIn')}</ButtonLink>
        </div>
      </>
    );
  }

  if (!linkValid) {
    return (
      <>
        <GuestTitle>{t('reset.title')}</GuestTitle>
        <p role="alert" className="rounded-lg bg-danger-soft px-4 py-3 text-danger-fg ring-1 ring-danger/30 ring-inset">
          {t('reset.invalidLink')}
        </p>
        <p className="mt-6 text-center text-sm">
          <TextLink to={paths.forgotPassword()}>{t('reset.requestNew')}</TextLink>
        </p>
      </>
    );
  }

  // The token and email travel with the form but are not the user's to edit; their errors
  // (an expired or used link) show in the status area.
  const linkErrors = [...(fields.token.errors ?? []), ...(fields.email.errors ?? [])];
  return (
    <>
      <GuestTitle>{t('reset.title')}</GuestTitle>
      <AppForm form={form} className="flex flex-col gap-5">
        <p className="text-fg-muted">{t('reset.intro', { email })}</p>
        <input {...getInputProps(fields.token, { type: 'hidden' })} />
        <input {...getInputProps(fields.email, { type: 'hidden' })} />
        <PasswordField
          label={t('form.newPassword')}
          inputProps={{
            ...getInputProps(fields.password, { type: 'password' }),
            autoComplete: 'new-password',
            autoFocus: true,
          }}
          errors={fields.password.errors}
          hint={<PasswordRequirements password={fields.password.value ?? ''} />}
        />
        <FormSubmit
          statusId="reset-status"
          pending={pending}
          pendingText={t('reset.pending')}
          submitText={t('reset.submit')}
          errors={[...(form.errors ?? []), ...linkErrors]}
        >
          {linkErrors.length ? (
            <TextLink to={paths.forgotPassword()} className="text-sm">
              {t('reset.requestNew')}
            </TextLink>
          ) : null}
        </FormSubmit>
      </AppForm>
      <p className="mt-6 text-center text-sm">
        <TextLink to={paths.login()}>{t('forgot.backToLogin')}</TextLink>
      </p>
    </>
  );
}

export function meta() {
  return pageTitle('reset.title');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
