import { getInputProps } from '@conform-to/react';
import { redirect, replace, useActionData, useLoaderData, useParams } from '@remix-run/react';
import { lazy, Suspense } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { AppForm } from '~/components/ui/app-form';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { GuestTitle } from '~/components/guest-frame';
import { PasswordField } from '~/components/ui/field';
import { FormSubmit } from '~/components/ui/form-submit';
import { TextLink, textLinkClass } from '~/components/ui/text-link';
import { redeemCoupon, signUp } from '~/features/auth/api';
import { FacebookButton, OrDivider } from '~/features/auth/facebook-button';
import { finishFacebook, isFacebookReturn, takeFacebookProblem } from '~/features/auth/facebook';
import { NameAndEmailFields } from '~/features/auth/name-and-email-fields';
import { PasswordRequirements } from '~/features/auth/password-requirements';
import { isPromoCoupon } from '~/features/auth/promo-panel';
import { PROMO_COUPON_CODE } from '~contract/fields';
import { SignUpSchema } from '~/features/auth/schemas';
import { env } from '~/lib/env';
import { HttpError } from '~/lib/http';
import { parseForm, replyWithApiError, useAppForm, useIsPending } from '~/lib/forms';
import { chosenLanguage, pageTitle } from '~/lib/i18n';
import { paths } from '~/lib/paths';
import { newAccountStore } from '~/lib/session';
import { snackbar } from '~/lib/snackbar';

const FacebookNotice = lazy(() => import('~/features/auth/facebook-problem'));
/**
 * After any sign-up: the dashboard's first visit will welcome the account, and the promo coupon is
 * redeemed (docs/product.md#sign-up-and-coupons); a failure is said, the account stays.
 */
async function afterSignUp(coupon: string | undefined) {
  newAccountStore.mark();
  if (!isPromoCoupon(coupon)) return;
  try {
    await redeemCoupon(PROMO_COUPON_CODE);
    snackbar.show('signup.couponRedeemed', 'success');
  } catch {
    snackbar.show('signup.couponFailed', 'warning');
  }
}

/**
 * Facebook sending the browser back (docs/product.md#sign-in-with-facebook): signed up, the coupon
 * redeemed and on to /projects/new; else this page again (with its coupon) without the params.
 */
export async function clientLoader({ request }: { request: Request }) {
  const query = new URL(request.url).searchParams;
  if (isFacebookReturn('sign-up', query)) {
    const { signedIn, newAccount, coupon } = await finishFacebook('sign-up', query);
    if (signedIn && !newAccount) {
      // They had signed up with this Facebook account before: signed in to it, as sign-in would.
      snackbar.show('facebook.alreadySignedUp', 'success');
      throw redirect(paths.home());
    }
    if (signedIn) {
      await afterSignUp(coupon);
      throw redirect(paths.newProject());
    }
    throw replace(paths.register(coupon));
  }
  return { facebookProblem: takeFacebookProblem() };
}

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
  // The account exists either way; the user hears whether the coupon applied.
  await afterSignUp(params.coupon);
  throw redirect(paths.home());
}

export default function RegisterRoute() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof clientAction>();
  const [form, fields] = useAppForm(SignUpSchema, { id: 'sign-up', lastResult: actionData?.result });
  const pending = useIsPending();
  const { facebookProblem } = useLoaderData<typeof clientLoader>();
  const { coupon } = useParams();

  return (
    <>
      <GuestTitle>{t('signup.title')}</GuestTitle>
      {facebookProblem ? (
        <Suspense fallback={null}>
          <FacebookNotice problem={facebookProblem} purpose="sign-up" coupon={coupon} />
        </Suspense>
      ) : null}
      <FacebookButton label={t('signup.facebook')} purpose="sign-up" coupon={coupon} />
      <OrDivider />
      <AppForm form={form} className="flex flex-col gap-5">
        <NameAndEmailFields fields={fields} autoFocus />
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
