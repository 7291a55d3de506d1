import { getInputProps } from '@conform-to/react';
import { redirect, replace, useActionData, useLoaderData, useNavigate, useSearchParams } from '@remix-run/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '~/components/ui/app-form';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { GuestTitle } from '~/components/guest-frame';
import { Field, PasswordField } from '~/components/ui/field';
import { FormSubmit } from '~/components/ui/form-submit';
import { TextLink } from '~/components/ui/text-link';
import { signIn } from '~/features/auth/api';
import { FacebookButton, OrDivider } from '~/features/auth/facebook-button';
import { finishFacebook, isFacebookReturn, takeFacebookProblem } from '~/features/auth/facebook';
import { AppDialog } from '~/components/ui/dialog';
import { Button } from '~/components/ui/button';
import { SignInSchema } from '~/features/auth/schemas';
import { env } from '~/lib/env';
import { parseForm, replyWithApiError, useAppForm, useIsPending } from '~/lib/forms';
import { paths } from '~/lib/paths';
import { safeReturnUrl } from '~/lib/return-url';
import { pageTitle } from '~/lib/i18n';

const FacebookNotice = lazy(() => import('~/features/auth/facebook-problem'));
/**
 * Facebook sending the browser back (docs/product.md#sign-in-with-facebook): signed in, to the
 * return URL; else the page again without the params, with the reason (a 401 opens the not-linked
 * dialog).
 */
export async function clientLoader({ request }: { request: Request }) {
  const query = new URL(request.url).searchParams;
  if (isFacebookReturn('sign-in', query)) {
    const { signedIn, returnUrl } = await finishFacebook('sign-in', query);
    if (signedIn) throw redirect(returnUrl);
    throw replace(paths.login(returnUrl));
  }
  return { facebookProblem: takeFacebookProblem() };
}

export async function clientAction({ request }: { request: Request }) {
  const returnUrl = safeReturnUrl(new URL(request.url).searchParams.get('returnUrl'));
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
  const lastResult = useActionData<typeof clientAction>();
  const [form, fields] = useAppForm(SignInSchema, { id: 'sign-in', lastResult });
  const pending = useIsPending();
  const loaded = useLoaderData<typeof clientLoader>();
  const { facebookProblem } = loaded;
  const [searchParams] = useSearchParams();
  const returnUrl = searchParams.get('returnUrl') ?? undefined;
  const navigate = useNavigate();
  // Each return that found the account not linked opens the dialog, once.
  const [notLinked, setNotLinked] = useState(facebookProblem === 'notLinked');
  const [shownFor, setShownFor] = useState(loaded);
  if (shownFor !== loaded) {
    setShownFor(loaded);
    setNotLinked(facebookProblem === 'notLinked');
  }

  return (
    <>
      <GuestTitle>{t('signin.title')}</GuestTitle>
      {facebookProblem ? (
        <Suspense fallback={null}>
          <FacebookNotice problem={facebookProblem} purpose="sign-in" returnUrl={returnUrl} />
        </Suspense>
      ) : null}
      <FacebookButton label={t('signin.facebook')} purpose="sign-in" returnUrl={returnUrl} />
      <AppDialog
        open={notLinked}
        onClose={() => setNotLinked(false)}
        title={t('facebook.notLinkedTitle')}
        actions={
          <>
            <Button variant="secondary" onClick={() => navigate(paths.register())}>
              {t('facebook.signUp')}
            </Button>
            <Button variant="primary" onClick={() => setNotLinked(false)}>
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
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email', autoFocus: true }}
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
