import { getInputProps } from '@conform-to/react';
import { redirectDocument, replace, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { Alert } from '~/components/ui/alert';
import { AppForm } from '~/components/ui/app-form';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { Field } from '~/components/ui/field';
import { PageHeader } from '~/components/ui/page-header';
import { requireAdmin } from '~/features/auth/guards';
import { authorizeUrl, exchangeMauticCode, getMauticStatus, type MauticStatus } from '~/features/mautic/api';
import { MauticFormSchema } from '~/features/mautic/schemas';
import { currentMauticState, renewMauticState, storedMauticState } from '~/features/mautic/state';
import { dateTimeFormat } from '~/lib/format';
import { parseForm, useAppForm, useIsPending } from '~/lib/forms';
import { HttpError } from '~/lib/http';
import { pageTitle, useMessage } from '~/lib/i18n';
import { paths } from '~/lib/paths';
import { throwRouteError } from '~/lib/route-errors';
import { snackbar } from '~/lib/snackbar';

/**
 * Where Mautic sent the browser back (docs/product.md#mautic): with `code` and `state` after
 * Allow, with `error` (and `state`) after Deny. The code is exchanged only when the state is the
 * one this browser sent; either way the state is spent and a new one made.
 */
async function completeAuthorization(query: URLSearchParams) {
  const state = query.get('state');
  const code = query.get('code');
  const error = query.get('error');
  const expected = storedMauticState();
  renewMauticState();
  if (error !== null) {
    snackbar.show(error === 'access_denied' ? 'mautic.denied' : 'mautic.authorizeFailed', 'warning');
    return;
  }
  if (code === null) return;
  if (state === null || state !== expected) {
    snackbar.show('mautic.invalidState', 'error');
    return;
  }
  try {
    await exchangeMauticCode(code);
    snackbar.show('mautic.tokenObtained', 'success');
  } catch (failure) {
    // An ended session goes to sign in, an API in maintenance to its page; the rest is Mautic's
    // refusal or absence, which the snackbar says (the API's log says which).
    if (failure instanceof HttpError && (failure.sessionExpired || failure.status === 503)) throw failure;
    snackbar.show('mautic.tokenError', 'error');
  }
}

export async function clientLoader({ request }: { request: Request }) {
  // Beside the admin layout's loader: its guard (cached) keeps a non-admin from asking.
  await requireAdmin(request);
  const query = new URL(request.url).searchParams;
  if (['code', 'state', 'error'].some((name) => query.has(name))) {
    try {
      await completeAuthorization(query);
    } catch (error) {
      throwRouteError(error, request);
    }
    // The code and state leave the address bar and the history: reload or back never replays them.
    throw replace(paths.adminMautic());
  }
  try {
    return { status: await getMauticStatus(), state: currentMauticState(), now: Date.now() };
  } catch (error) {
    throwRouteError(error, request);
  }
}

export async function clientAction({ request }: { request: Request }) {
  await requireAdmin(request);
  const submission = await parseForm(request, MauticFormSchema);
  if (submission.status !== 'success') return submission.reply();
  let status: MauticStatus;
  try {
    status = await getMauticStatus();
  } catch (error) {
    throwRouteError(error, request);
  }
  if (!status.authorizeUrl) return submission.reply({ formErrors: ['mautic.notConfiguredTitle'] });
  // Mautic's page is another site (or, locally, a page the API serves): a document load.
  throw redirectDocument(authorizeUrl(status.authorizeUrl, submission.value));
}

/** `now`: when the page's data was read, which tells whether the token has expired. */
function TokenStatus({ token, now }: { token: MauticStatus['token']; now: number }) {
  const { t, i18n } = useTranslation();
  if (!token) {
    return (
      <div className="flex flex-col items-start gap-2">
        <Badge tone="neutral">{t('mautic.tokenNone')}</Badge>
        <p className="text-sm text-fg-muted">{t('mautic.tokenNoneText')}</p>
      </div>
    );
  }
  const format = dateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' });
  const expiresAt = new Date(token.expiresAt);
  const expired = expiresAt.getTime() <= now;
  return (
    <div className="flex flex-col items-start gap-2">
      <Badge tone={expired ? 'warning' : 'success'}>{expired ? t('mautic.tokenExpired') : t('mautic.tokenHeld')}</Badge>
      <p className="text-sm">
        {expired
          ? t('mautic.tokenExpiredOn', { date: format.format(expiresAt) })
          : t('mautic.tokenValidUntil', { date: format.format(expiresAt) })}
      </p>
      <p className="text-sm text-fg-muted">
        {t('mautic.tokenObtainedAt', { date: format.format(new Date(token.obtainedAt)) })}
      </p>
    </div>
  );
}

export default function MauticRoute() {
  const { t } = useTranslation();
  const message = useMessage();
  const { status, state, now } = useLoaderData<typeof clientLoader>();
  const lastResult = useActionData<typeof clientAction>();
  const pending = useIsPending();
  const defaultValue = {
    client_id: status.clientId ?? '',
    grant_type: 'authorization_code',
    redirect_uri: status.redirectUri,
    response_type: 'code',
    state,
  } as const;
  const [form, fields] = useAppForm(MauticFormSchema, { id: 'mautic', lastResult, defaultValue });
  // Nothing here is typed by the admin: the form is valid when the installation's values are.
  const valid = z.safeParse(MauticFormSchema, defaultValue).success;

  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <PageHeader title={t('mautic.title')} subtitle={t('mautic.subtitle')} />
      {status.configured ? null : (
        <Alert tone="warning" title={t('mautic.notConfiguredTitle')}>
          {t('mautic.notConfiguredText')}
        </Alert>
      )}
      <Card title={t('mautic.formTitle')} description={t('mautic.formDescription')} headingLevel={2}>
        <AppForm form={form} aria-describedby="mautic-status" className="flex flex-col gap-5">
          <Field
            label={t('mautic.clientId')}
            inputProps={{ ...getInputProps(fields.client_id, { type: 'text' }), readOnly: true }}
            errors={fields.client_id.errors}
          />
          <input {...getInputProps(fields.grant_type, { type: 'hidden' })} />
          <input {...getInputProps(fields.redirect_uri, { type: 'hidden' })} />
          <input {...getInputProps(fields.response_type, { type: 'hidden' })} />
          <input {...getInputProps(fields.state, { type: 'hidden' })} />
          <div className="flex flex-col items-start">
            <Button type="submit" pending={pending} disabled={!valid}>
              {t('mautic.authenticate')}
            </Button>
            {/* Takes no room until it has something to say (as FormSubmit's status area). */}
            <div id="mautic-status" className="text-sm">
              <p role="status" className="text-fg-muted">
                {pending ? <span className="mt-3 block">{t('mautic.pending')}</span> : null}
              </p>
              <div role="alert" className="text-danger-fg">
                {!pending && form.errors?.length ? (
                  <ul className="mt-3 flex flex-col gap-1">
                    {form.errors.map((error) => (
                      <li key={error}>{message(error)}</li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </div>
          </div>
        </AppForm>
      </Card>
      <Card title={t('mautic.tokenTitle')} headingLevel={2}>
        <TokenStatus token={status.token} now={now} />
      </Card>
    </div>
  );
}

export function meta() {
  return pageTitle('mautic.title');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
