import { getInputProps } from '@conform-to/react';
import { redirect, useActionData, useLoaderData } from '@remix-run/react';
import { Suspense } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { AppForm } from '~/components/ui/app-form';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { GuestTitle } from '~/components/guest-frame';
import { PasswordField } from '~/components/ui/field';
import { FormSubmit } from '~/components/ui/form-submit';
import { TextLink, textLinkClass } from '~/components/ui/text-link';
import { signUp } from '~/features/auth/api';
import { FacebookButton, OrDivider } from '~/features/auth/facebook-button';
import { FACEBOOK_INTENT, facebookIntents, facebookProblemOf } from '~/features/auth/facebook';
import { NameAndEmailFields } from '~/features/auth/name-and-email-fields';
import { PasswordRequirements } from '~/features/auth/password-requirements';
import { SignUpSchema } from '~/features/auth/schemas';
import { importWithRetry, lazyModule } from '~/lib/lazy-module';
import { env } from '~/lib/env';
import { HttpError } from '~/lib/http';
import { parseForm, replyWithApiError, useAppForm, useIsPending } from '~/lib/forms';
import { chosenLanguage, pageTitle } from '~/lib/i18n';
import { paths } from '~/lib/paths';
import { formAnswer, handleIntents, intentOf } from '~/lib/intents';
import { afterSignUp } from '~/features/auth/sign-up';
import type { LinkCoupon } from '~/features/auth/link-coupon';
import { isPromoCoupon } from '~/features/auth/promo-panel';

const FacebookNotice = lazyModule(() => import('~/features/auth/facebook-problem'));
// Only a link with a coupon other than the promo (which has its panel) loads what looks it up
// and says what it is.
const linkCoupon = () => import('~/features/auth/link-coupon');
const LinkCouponNotice = lazyModule(linkCoupon);
const checkLinkCoupon = async (code: string | undefined): Promise<LinkCoupon | null> => {
  if (!code) return null;
  if (isPromoCoupon(code)) return { code, state: 'unchecked' };
  return (await importWithRetry(linkCoupon)).checkLinkCoupon(code);
};
const couponToRedeem = (coupon: LinkCoupon | null) => (coupon?.state === 'unknown' ? undefined : coupon?.code);
/**
 * What a Facebook return that did not sign up left to show (docs/product.md#sign-in-with-facebook;
 * app/routes/auth/facebook-callback.tsx): the email request, or the address taken, named in the
 * address.
 */
export async function clientLoader({ request, params }: { request: Request; params: { coupon?: string } }) {
  return { facebookProblem: facebookProblemOf(request.url), coupon: await checkLinkCoupon(params.coupon) };
}

export async function clientAction({ request, params }: { request: Request; params: { coupon?: string } }) {
  // A coupon the API said it does not have is not redeemed: the page said so.
  const coupon = couponToRedeem(await checkLinkCoupon(params.coupon));
  if ((await intentOf(request)) === FACEBOOK_INTENT) {
    return handleIntents(request, facebookIntents('sign-up', { coupon }));
  }
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
  await afterSignUp(coupon);
  throw redirect(paths.home());
}

export default function RegisterRoute() {
  const { t } = useTranslation();
  const actionData = formAnswer(useActionData<typeof clientAction>());
  const [form, fields] = useAppForm(SignUpSchema, { id: 'sign-up', lastResult: actionData?.result });
  const pending = useIsPending();
  const { facebookProblem, coupon } = useLoaderData<typeof clientLoader>();

  return (
    <>
      <GuestTitle>{t('signup.title')}</GuestTitle>
      {facebookProblem ? (
        <Suspense fallback={null}>
          <FacebookNotice problem={facebookProblem} />
        </Suspense>
      ) : null}
      {coupon && coupon.state !== 'unchecked' ? (
        <Suspense fallback={null}>
          <LinkCouponNotice coupon={coupon} />
        </Suspense>
      ) : null}
      <FacebookButton label={t('signup.facebook')} />
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
