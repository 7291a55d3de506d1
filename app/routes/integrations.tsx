import { redirectDocument, useLoaderData, useRevalidator } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { Alert } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { brandName, BrandMark } from '~/components/ui/brand-mark';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { ConfirmDialog } from '~/components/ui/dialog';
import { EmptyState } from '~/components/ui/empty-state';
import { StrokeIcon } from '~/components/ui/icon';
import { AppMenu } from '~/components/ui/menu';
import { PageHeader } from '~/components/ui/page-header';
import { Spinner } from '~/components/ui/spinner';
import { authKeys } from '~/features/auth/api';
import { requireUser } from '~/features/auth/guards';
import {
  authorizeUrl,
  channelsOf,
  deleteAccount,
  loadAccounts,
  makeAccountPrimary,
  refreshAccount,
  type AccountProvider,
  type ConnectedAccount,
} from '~/features/integrations/api';
import { ChannelLine } from '~/features/integrations/channel-kind';
import { formText, handleIntents, useIntent } from '~/lib/intents';
import { useLiveState } from '~/lib/live';
import { pageTitle } from '~/lib/i18n';
import { invalidate } from '~/lib/cache';
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
      throw redirectDocument(
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
      await deleteAccount(providerOf(form), formText(form, 'id'));
      snackbar.show('integrations.deleted', 'success', { values: { name: formText(form, 'name') } });
      // The user's channels changed: what the app holds of the user is loaded again.
      await invalidate(authKeys.me());
    },
  });
}

function RefreshIcon() {
  return <StrokeIcon d="M20 11a8 8 0 0 0-14.9-3.9M4 4v4h4M4 13a8 8 0 0 0 14.9 3.9M20 20v-4h-4" className="size-4" />;
}

function AccountChannels({ account }: { account: ConnectedAccount }) {
  const { t } = useTranslation();
  const channels = channelsOf(account);
  if (account.fetchingChannels && account.status === 'authorized') {
    return (
      <p className="flex items-center gap-2 text-sm text-fg-muted" role="status">
        <Spinner /> {t('integrations.fetching')}
      </p>
    );
  }
  if (channels.length === 0) return <p className="text-sm text-fg-muted">{t('integrations.noChannels')}</p>;
  // By kind, in the order the provider brings them: a page and an ad account share Facebook's mark.
  const kinds = [...new Set(channels.map((channel) => channel.type))];
  return (
    <div
      role="group"
      aria-label={t('integrations.channelsOf', { name: account.name })}
      className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      {kinds.map((kind) => {
        const ofKind = channels.filter((channel) => channel.type === kind);
        const headingId = `${account._id}-${kind}`;
        return (
          <div key={kind} className="min-w-0">
            <p id={headingId} className="mb-1.5 text-xs font-semibold tracking-wide text-fg-subtle uppercase">
              {t(`channels.group.${kind}`)} · {ofKind.length}
            </p>
            <ul aria-labelledby={headingId} className="flex flex-col gap-1.5 text-sm">
              {ofKind.map((channel) => (
                <li key={channel._id} className="min-w-0">
                  <ChannelLine kind={channel.type} name={channel.name} />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

function AccountItem({
  provider,
  account,
  selected,
  onMakePrimary,
  onDelete,
  onGrantAgain,
}: {
  provider: AccountProvider;
  account: ConnectedAccount;
  selected: boolean;
  onMakePrimary: () => void;
  onDelete: () => void;
  onGrantAgain: () => void;
}) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li
      aria-current={selected ? 'true' : undefined}
      className={`flex flex-col gap-4 rounded-lg p-3 ring-1 sm:p-4 ${selected ? 'bg-primary-soft/40 ring-2 ring-primary' : 'ring-line'}`}
    >
      <div className="flex items-start gap-3">
        <BrandMark brand={provider} className="mt-0.5 size-6 shrink-0" />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-fg">{account.name}</h3>
          <div className="mt-1 flex flex-wrap gap-1.5 empty:hidden">
            {account.is_primary ? <Badge tone="primary">{t('integrations.primary')}</Badge> : null}
            {account.status === 'needs_reconnect' ? (
              <Badge tone="warning">{t('integrations.needsReconnect')}</Badge>
            ) : null}
          </div>
        </div>
        <AppMenu
          label={t('integrations.actionsFor', { name: account.name })}
          iconOnly
          size="sm"
          items={[
            { label: t('integrations.makePrimary'), onSelect: onMakePrimary, disabled: account.is_primary },
            { label: t('integrations.delete'), onSelect: onDelete, danger: true },
          ]}
        />
      </div>
      {account.missingScopes.length > 0 && account.status === 'authorized' ? (
        <Alert tone="warning" title={t('integrations.missingScopesTitle')}>
          <p>{t('integrations.missingScopesText', { scopes: account.missingScopes.join(', ') })}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={onGrantAgain}>
            {t('integrations.grantAgain')}
          </Button>
        </Alert>
      ) : null}
      {account.fetchFailure ? (
        <Alert tone="danger" title={t('integrations.fetchFailureTitle')}>
          <p>
            {t(`integrations.fetchFailure.${account.fetchFailure.reason}`, {
              provider: brandName(provider),
              when: when.format(new Date(account.fetchFailure.failedAt)),
            })}
          </p>
        </Alert>
      ) : null}
      <AccountChannels account={account} />
    </li>
  );
}

export default function IntegrationsRoute() {
  const { t } = useTranslation();
  const { facebook, linkedin, configured, selected: stored } = useLoaderData<typeof clientLoader>();
  const revalidator = useRevalidator();
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

  // Channels arrive in the background after a connection. The live updates say when (and read
  // this page again); while they are not live, the page looks again on a timer until they have.
  const fetching = [...facebook, ...linkedin].some(
    (account) => account.fetchingChannels && account.status === 'authorized',
  );
  const live = useLiveState() === 'live';
  // Just subscribed while channels were coming: what ended before is read once (not replayed).
  const wasLive = useRef(live);
  useEffect(() => {
    if (live && !wasLive.current && fetching) revalidator.revalidate();
    wasLive.current = live;
  }, [live, fetching, revalidator]);
  useEffect(() => {
    if (!fetching || live) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - started > 60_000) window.clearInterval(timer);
      else if (revalidator.state === 'idle') revalidator.revalidate();
    }, 2000);
    return () => window.clearInterval(timer);
  }, [fetching, live, revalidator]);

  const add = (provider: AccountProvider) => submit('connect', { provider });
  const reconnect = (provider: AccountProvider, account: ConnectedAccount) =>
    submit('connect', { provider, id: account._id });
  const grantAgain = (provider: AccountProvider, account: ConnectedAccount) =>
    submit('connect', { provider, id: account._id, rerequest: 'true' });
  const refresh = (provider: AccountProvider, accounts: ConnectedAccount[]) => {
    const ids = accounts.filter((each) => each.status === 'authorized').map((each) => each._id);
    submit('refresh', { provider, ids: ids.join(',') });
  };
  const makePrimary = (provider: AccountProvider, account: ConnectedAccount) =>
    submit('makePrimary', { provider, id: account._id, name: account.name });
  const confirmDelete = () => {
    if (!deleting) return;
    submit('delete', { provider: deleting.provider, id: deleting.account._id, name: deleting.account.name });
  };

  const reconnectCard = (provider: AccountProvider, accounts: ConnectedAccount[]) => {
    const unauthorized = accounts.filter((account) => account.status === 'needs_reconnect');
    if (unauthorized.length === 0) return null;
    return (
      <Card
        headingLevel={2}
        title={t('integrations.unauthorizedTitle', { provider: brandName(provider) })}
        description={t('integrations.unauthorizedText')}
        className="ring-warning-fg/40"
      >
        <ul className="flex flex-col divide-y divide-line">
          {unauthorized.map((account) => (
            <li
              key={account._id}
              className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0"
            >
              <span className="flex min-w-0 items-center gap-2 font-medium">
                <BrandMark brand={provider} className="size-5 shrink-0" />
                <span className="truncate">{account.name}</span>
              </span>
              <Button
                size="sm"
                onClick={() => reconnect(provider, account)}
                pending={pending === `connect:${account._id}`}
                aria-label={t('integrations.reconnectName', { name: account.name })}
              >
                {t('integrations.reconnect')}
              </Button>
            </li>
          ))}
        </ul>
      </Card>
    );
  };

  const accountsCard = (provider: AccountProvider, accounts: ConnectedAccount[]) => (
    <Card
      headingLevel={2}
      title={t('integrations.accountsTitle', { provider: brandName(provider) })}
      description={t(`integrations.accountsText.${provider}`)}
      actions={
        accounts.length > 0 ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => refresh(provider, accounts)}
            pending={pendingProvider === `refresh:${provider}`}
            aria-label={t('integrations.refreshName', { provider: brandName(provider) })}
          >
            <RefreshIcon />
            {t('integrations.refresh')}
          </Button>
        ) : null
      }
    >
      {accounts.length === 0 ? (
        <EmptyState
          icon={<BrandMark brand={provider} />}
          title={t('integrations.emptyTitle', { provider: brandName(provider) })}
          description={t('integrations.emptyText')}
          action={
            configured[provider] ? (
              <Button onClick={() => add(provider)} pending={pendingProvider === `connect:${provider}`}>
                {t(`integrations.add.${provider}`)}
              </Button>
            ) : null
          }
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {accounts.map((account) => (
            <AccountItem
              key={account._id}
              provider={provider}
              account={account}
              selected={account._id === selectedId}
              onMakePrimary={() => makePrimary(provider, account)}
              onDelete={() => setConfirming({ provider, account, before: result })}
              onGrantAgain={() => grantAgain(provider, account)}
            />
          ))}
        </ul>
      )}
    </Card>
  );

  const deletingChannels = deleting ? channelsOf(deleting.account) : [];
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
      {revalidator.state === 'loading' ? (
        <p className="sr-only" role="status">
          {t('common.loading')}
        </p>
      ) : null}
      {reconnectCard('facebook', facebook)}
      {reconnectCard('linkedin', linkedin)}
      {accountsCard('facebook', facebook)}
      {linkedin.length > 0 ? accountsCard('linkedin', linkedin) : null}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setConfirming(null)}
        onConfirm={confirmDelete}
        title={t('integrations.deleteTitle')}
        confirmText={t('common.confirm')}
        tone="danger"
        pending={pending === `delete:${deleting?.account._id}`}
      >
        <p>{t('integrations.deleteText', { name: deleting?.account.name ?? '' })}</p>
        {deletingChannels.length > 0 ? (
          <ul className="mt-3 flex flex-col gap-1.5 text-sm" aria-label={t('integrations.deleteChannels')}>
            {deletingChannels.map((channel) => (
              <li key={channel._id}>
                <ChannelLine kind={channel.type} name={channel.name} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-fg-muted">{t('integrations.deleteNoChannels')}</p>
        )}
      </ConfirmDialog>
    </div>
  );
}

export function meta() {
  return pageTitle('integrations.title');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
