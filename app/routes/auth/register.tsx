import { getInputProps } from '@conform-to/react';
import { redirect, useActionData } from '@remix-run/react';
import { Trans, useTranslation } from 'react-i18next';
import { AppForm } from '~/components/ui/app-form';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { GuestTitle } from '~/components/guest-frame';
import { Field, PasswordField } from '~/components/ui/field';
import { FormSubmit } from '~/components/ui/form-submit';
import { TextLink, textLinkClass } from '~/components/ui/text-link';
import { redeemCoupon, signUp } from '~/features/auth/api';
import { FacebookButton, OrDivider } from '~/features/auth/facebook-button';
import { PasswordRequirements } from '~/features/auth/password-requirements';
import { isPromoCoupon } from '~/features/auth/promo-panel';
import { PROMO_COUPON_CODE } from '~contract/fields';
import { SignUpSchema } from '~/features/auth/schemas';
import { env } from '~/lib/env';
import { HttpError } from '~/lib/http';
import { parseForm, replyWithApiError, useAppForm, useIsPending } from '~/lib/forms';
import { chosenLanguage, pageTitle } from '~/lib/i18n';
import { paths } from '~/lib/paths';
import { snackbar } from '~/lib/snackbar';

export async function clientAction({ request, params }: { request: Request; params: { coupon?: string } }) {
  const submission = await parseForm(request, SignUpSchema);
  if (submission.status !== 'success') return { result: submission.reply(), emailTaken: false };
  try {
    await signUp({ ...submission.value, language: chosenLanguage() });
  } catch (error) {
    // The form checks the address's shape itself: the API refusing it means it is taken.
    const emailTaken = error instanceof HttpError && error.status === 422 && 'email' in error.fieldErrors;
    return { result: replyWithApiError(request, submission, error), emailTaken };
  }
  if (isPromoCoupon(params.coupon)) {
    try {
      await redeemCoupon(PROMO_COUPON_CODE);
      snackbar.show('signup.couponRedeemed', 'success');
    } catch {
      // The account exists either way; the user hears the coupon did not apply.
      snackbar.show('signup.couponFailed', 'warning');
    }
  }
  throw redirect(paths.home());
}

export default function RegisterRoute() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof clientAction>();
  const [form, fields] = useAppForm(SignUpSchema, { id: 'sign-up', lastResult: actionData?.result });
  const pending = useIsPending();

  return (
    <>
      <GuestTitle>{t('signup.title')}</GuestTitle>
      <FacebookButton label={t('signup.facebook')} />
      <OrDivider />
      <AppForm form={form} className="flex flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label={t('form.firstName')}
            inputProps={{
              ...getInputProps(fields.firstName, { type: 'text' }),
              autoComplete: 'given-name',
              autoFocus: true,
            }}
            errors={fields.firstName.errors}
          />
          <Field
            label={t('form.lastName')}
            inputProps={{ ...getInputProps(fields.lastName, { type: 'text' }), autoComplete: 'family-name' }}
            errors={fields.lastName.errors}
          />
        </div>
        <Field
          label={t('form.email')}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
          errors={fields.email.errors}
        />
        <PasswordField
          label={t('form.password')}
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
          errors={fields.password.errors}
          hint={<PasswordRequirements password={fields.password.value ?? ''} />}
        />
        <p className="text-sm text-fg-muted">
          <Trans
            i18nKey="signup.legal"
            components={{
              // Trans fills each anchor with its translated words.
              // eslint-disable-next-line jsx-a11y/anchor-has-content
              terms: <a href={env.termsUrl} target="_blank" rel="noreferrer" className={textLinkClass} />,
              // eslint-disable-next-line jsx-a11y/anchor-has-content
              privacy: <a href={env.privacyUrl} target="_blank" rel="noreferrer" className={textLinkClass} />,
            }}
          />
        </p>
        <FormSubmit
          statusId="sign-up-status"
          pending={pending}
          pendingText={t('signup.pending')}
          submitText={t('signup.submit')}
          errors={form.errors}
        >
          {actionData?.emailTaken && !pending ? (
            <p className="rounded-lg bg-info-soft px-3 py-2 text-sm text-info-fg">
              <Trans
                i18nKey="signup.emailTaken"
                components={{
                  signIn: <TextLink to={paths.login()} />,
                  reset: <TextLink to={paths.forgotPassword()} />,
                }}
              />
            </p>
          ) : null}
        </FormSubmit>
      </AppForm>
      <p className="mt-6 text-center text-sm text-fg-muted">
        {t('signup.haveAccount')} <TextLink to={paths.login()}>{t('signup.signIn')}</TextLink>
      </p>
    </>
  );
}

export function meta() {
  return pageTitle('signup.title');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
