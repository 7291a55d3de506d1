import { useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { Alert } from '~/components/ui/alert';
import { brandName, BrandMark } from '~/components/ui/brand-mark';
import { Button } from '~/components/ui/button';
import { PageHeader } from '~/components/ui/page-header';
import { authKeys } from '~/features/auth/api';
import { requireUser } from '~/features/auth/guards';
import { AccountsCard, DeleteAccountDialog, ReconnectCard } from '~/features/integrations/account-cards';
import {
  authorizeUrl,
  deleteConnectedAccount,
  loadAccounts,
  makeAccountPrimary,
  refreshAccount,
  type AccountProvider,
  type ConnectedAccount,
} from '~/features/integrations/api';
import { invalidate } from '~/lib/cache';
import { formText, handleIntents, leaveFor, useIntent } from '~/lib/intents';
import { pageTitle } from '~/lib/i18n';
import { useReadWhileUnderWay } from '~/lib/read-while-under-way';
import { throwRouteError } from '~/lib/route-errors';
import { snackbar } from '~/lib/snackbar';

export async function clientLoader({ request }: { request: Request }) {
  await requireUser(request);
  try {
    // The account a provider's return just stored (app/routes/integrations/callback.tsx) is shown
    // selected; else the primary one.
    return { ...(await loadAccounts()), selected: new URL(request.url).searchParams.get('account') };
  } catch (error) {
    throwRouteError(error, request);
  }
}

const isProvider = (value: string): value is AccountProvider => value === 'facebook' || value === 'linkedin';

function providerOf(form: FormData): AccountProvider {
  const provider = formText(form, 'provider');
  if (!isProvider(provider)) throw new Response(`Unknown provider "${provider}"`, { status: 400 });
  return provider;
}

/**
 * Every change the screen makes, from its buttons (`useIntent`): off to a provider's consent
 * page (a new account, a reconnection, scopes asked again: a whole-page redirect), the accounts'
 * channels read again from the provider, an account made primary or deleted.
 */
export async function clientAction({ request }: { request: Request }) {
  await requireUser(request);
  return handleIntents(request, {
    connect: async (form) => {
      const accountId = form.get('id');
      return leaveFor(
        await authorizeUrl(providerOf(form), {
          ...(typeof accountId === 'string' && accountId ? { accountId } : {}),
          rerequest: form.get('rerequest') === 'true',
        }),
      );
    },
    refresh: async (form) => {
      const provider = providerOf(form);
      // Each account is refreshed even when one fails; the first failure is said.
      const failures: unknown[] = [];
      for (const id of formText(form, 'ids').split(',')) {
        await refreshAccount(provider, id).catch((error: unknown) => failures.push(error));
      }
      if (failures.length > 0) throw failures[0];
      snackbar.show('integrations.refreshed', 'success', { values: { provider: brandName(provider) } });
    },
    makePrimary: async (form) => {
      await makeAccountPrimary(providerOf(form), formText(form, 'id'));
      snackbar.show('integrations.madePrimary', 'success', { values: { name: formText(form, 'name') } });
    },
    delete: async (form) => {
      await deleteConnectedAccount(providerOf(form), formText(form, 'id'));
      snackbar.show('integrations.deleted', 'success', { values: { name: formText(form, 'name') } });
      // The user's channels changed: what the app holds of the user is loaded again.
      await invalidate(authKeys.me());
    },
  });
}

export default function IntegrationsRoute() {
  const { t } = useTranslation();
  const { facebook, linkedin, configured, selected: stored } = useLoaderData<typeof clientLoader>();
  const { submit, pending, result, formData } = useIntent();
  // A change of a provider's, not one account's (adding one, refreshing them all): which is running.
  const pendingProvider =
    formData && !formData.get('id') ? `${String(formData.get('intent'))}:${String(formData.get('provider'))}` : null;
  // The account being deleted, and the last answer when its dialog opened: a deletion that went
  // through since then closes the dialog; one refused leaves it open to try again.
  const [confirming, setConfirming] = useState<{
    provider: AccountProvider;
    account: ConnectedAccount;
    before: typeof result;
  } | null>(null);
  const deleted = confirming && result !== confirming.before && result?.intent === 'delete' && result.ok;
  const deleting = confirming && !deleted ? confirming : null;
  // The account just stored, else the primary one in the loaded list.
  const selectedId = stored ?? facebook.find((account) => account.is_primary)?._id ?? null;
  // Channels arrive in the background after a connection; the live updates say when.
  const reading = useReadWhileUnderWay(
    [...facebook, ...linkedin].some((account) => account.fetchingChannels && account.status === 'authorized'),
  );

  const add = (provider: AccountProvider) => submit('connect', { provider });
  const cards = (provider: AccountProvider, accounts: ConnectedAccount[]) => ({
    provider,
    accounts,
    configured: configured[provider],
    selectedId,
    pendingProvider,
    onAdd: () => add(provider),
    onRefresh: () => {
      const ids = accounts.filter((each) => each.status === 'authorized').map((each) => each._id);
      submit('refresh', { provider, ids: ids.join(',') });
    },
    onMakePrimary: (account: ConnectedAccount) =>
      submit('makePrimary', { provider, id: account._id, name: account.name }),
    onDelete: (account: ConnectedAccount) => setConfirming({ provider, account, before: result }),
    onGrantAgain: (account: ConnectedAccount) => submit('connect', { provider, id: account._id, rerequest: 'true' }),
  });
  const reconnect = (provider: AccountProvider) => (account: ConnectedAccount) =>
    submit('connect', { provider, id: account._id });

  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <PageHeader
        title={t('integrations.title')}
        subtitle={t('integrations.subtitle')}
        actions={
          <>
            <Button
              variant="facebook"
              onClick={() => add('facebook')}
              pending={pendingProvider === 'connect:facebook'}
              disabled={!configured.facebook}
            >
              <BrandMark brand="facebook" mono className="size-4" />
              {t('integrations.add.facebook')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => add('linkedin')}
              pending={pendingProvider === 'connect:linkedin'}
              disabled={!configured.linkedin}
            >
              <BrandMark brand="linkedin" className="size-4" />
              {t('integrations.add.linkedin')}
            </Button>
          </>
        }
      />
      {(['facebook', 'linkedin'] as const)
        .filter((provider) => !configured[provider])
        .map((provider) => (
          <Alert
            key={provider}
            tone="info"
            title={t('integrations.notConfiguredTitle', { provider: brandName(provider) })}
          >
            {t('integrations.notConfiguredText', { provider: brandName(provider) })}
          </Alert>
        ))}
      {reading ? (
        <p className="sr-only" role="status">
          {t('common.loading')}
        </p>
      ) : null}
      <ReconnectCard provider="facebook" accounts={facebook} pending={pending} onReconnect={reconnect('facebook')} />
      <ReconnectCard provider="linkedin" accounts={linkedin} pending={pending} onReconnect={reconnect('linkedin')} />
      <AccountsCard {...cards('facebook', facebook)} />
      {linkedin.length > 0 ? <AccountsCard {...cards('linkedin', linkedin)} /> : null}
      <DeleteAccountDialog
        account={deleting?.account ?? null}
        pending={pending === `delete:${deleting?.account._id}`}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (!deleting) return;
          submit('delete', { provider: deleting.provider, id: deleting.account._id, name: deleting.account.name });
        }}
      />
    </div>
  );
}

export function meta() {
  return pageTitle('integrations.title');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
