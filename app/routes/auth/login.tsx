import { getInputProps } from '@conform-to/react';
import { redirect, useActionData, useLoaderData, useLocation, useNavigate } from '@remix-run/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '~/components/ui/app-form';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { GuestTitle } from '~/components/guest-frame';
import { Field, PasswordField } from '~/components/ui/field';
import { FormSubmit } from '~/components/ui/form-submit';
import { TextLink } from '~/components/ui/text-link';
import { signIn } from '~/features/auth/api';
import { FacebookButton, OrDivider } from '~/features/auth/facebook-button';
import { FACEBOOK_INTENT, facebookIntents, facebookProblemOf, withoutFacebookProblem } from '~/features/auth/facebook';
import { AppDialog } from '~/components/ui/dialog';
import { Button } from '~/components/ui/button';
import { SignInSchema } from '~/features/auth/schemas';
import { lazyModule } from '~/lib/lazy-module';
import { env } from '~/lib/env';
import { parseForm, replyWithApiError, useAppForm, useIsPending } from '~/lib/forms';
import { formAnswer, handleIntents, intentOf } from '~/lib/intents';
import { paths } from '~/lib/paths';
import { safeReturnUrl } from '~/lib/return-url';
import { pageTitle } from '~/lib/i18n';

const FacebookNotice = lazyModule(() => import('~/features/auth/facebook-problem'));
/**
 * What a Facebook return that did not sign in left to show (docs/product.md#sign-in-with-facebook;
 * app/routes/auth/facebook-callback.tsx): the not-linked dialog or the email request, named in
 * the address.
 */
export function clientLoader({ request }: { request: Request }) {
  return { facebookProblem: facebookProblemOf(request.url) };
}

export async function clientAction({ request }: { request: Request }) {
  const returnUrl = safeReturnUrl(new URL(request.url).searchParams.get('returnUrl'));
  if ((await intentOf(request)) === FACEBOOK_INTENT) {
    return handleIntents(request, facebookIntents('sign-in', { returnUrl }));
  }
  const submission = await parseForm(request, SignInSchema);
  if (submission.status !== 'success') return submission.reply();

  // The designated test account belongs to staging; production refuses it before asking the API.
  if (env.production && submission.value.email.toLowerCase() === env.testAccountEmail) {
    return submission.reply({ formErrors: ['signin.testAccountBlocked'] });
  }
  try {
    await signIn(submission.value);
  } catch (error) {
    return replyWithApiError(request, submission, error, { 401: 'signin.invalidCredentials' });
  }
  throw redirect(returnUrl);
}

export default function LoginRoute() {
  const { t } = useTranslation();
  const lastResult = formAnswer(useActionData<typeof clientAction>());
  const [form, fields] = useAppForm(SignInSchema, { id: 'sign-in', lastResult });
  const pending = useIsPending();
  const { facebookProblem } = useLoaderData<typeof clientLoader>();
  const location = useLocation();
  const navigate = useNavigate();
  // The not-linked dialog is open while the address names it; closing it leaves the page as it was.
  const notLinked = facebookProblem === 'notLinked';
  const closeNotLinked = () =>
    navigate(withoutFacebookProblem(`${location.pathname}${location.search}`), { replace: true });

  return (
    <>
      <GuestTitle>{t('signin.title')}</GuestTitle>
      {facebookProblem ? (
        <Suspense fallback={null}>
          <FacebookNotice problem={facebookProblem} />
        </Suspense>
      ) : null}
      <FacebookButton label={t('signin.facebook')} />
      <AppDialog
        open={notLinked}
        onClose={closeNotLinked}
        title={t('facebook.notLinkedTitle')}
        actions={
          <>
            <Button variant="secondary" onClick={() => navigate(paths.register())}>
              {t('facebook.signUp')}
            </Button>
            <Button variant="primary" onClick={closeNotLinked}>
              {t('facebook.signIn')}
            </Button>
          </>
        }
      >
        <p>{t('facebook.notLinkedText')}</p>
      </AppDialog>
      <OrDivider />
      <AppForm form={form} aria-describedby="sign-in-status" className="flex flex-col gap-5">
        <Field
          label={t('form.email')}
          inputProps={{
            ...getInputProps(fields.email, { type: 'email' }),
            autoComplete: 'email',
            // Not under the not-linked dialog: it takes the focus, and the field it left would say
            // "Email is required" before anybody typed.
            autoFocus: !notLinked,
          }}
          errors={fields.email.errors}
        />
        <PasswordField
          label={t('form.password')}
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
          errors={fields.password.errors}
        />
        <div className="-mt-2 text-right text-sm">
          <TextLink to={paths.forgotPassword()}>{t('signin.forgot')}</TextLink>
        </div>
        <FormSubmit
          statusId="sign-in-status"
          pending={pending}
          pendingText={t('signin.pending')}
          submitText={t('signin.submit')}
          errors={form.errors}
          values={{ stagingUrl: env.stagingUrl }}
        />
      </AppForm>
      <p className="mt-6 text-center text-sm text-fg-muted">
        {t('signin.noAccount')} <TextLink to={paths.register()}>{t('signin.register')}</TextLink>
      </p>
    </>
  );
}

export function meta() {
  return pageTitle('signin.title');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
