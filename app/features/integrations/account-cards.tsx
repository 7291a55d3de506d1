import { useTranslation } from 'react-i18next';
import { Alert } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { brandName, BrandMark } from '~/components/ui/brand-mark';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { ConfirmDialog } from '~/components/ui/dialog';
import { EmptyState } from '~/components/ui/empty-state';
import { StrokeIcon } from '~/components/ui/icon';
import { AppMenu } from '~/components/ui/menu';
import { Spinner } from '~/components/ui/spinner';
import { dateTimeFormat } from '~/lib/format';
import { channelsOf, type AccountProvider, type ConnectedAccount } from './api';
import { ChannelLine } from './channel-kind';

/** The integrations screen's parts (app/routes/integrations.tsx): each provider's cards, and the deletion dialog. */

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
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
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

/** Accounts whose authorisation stopped working, each with its Reconnect button. */
export function ReconnectCard({
  provider,
  accounts,
  pending,
  onReconnect,
}: {
  provider: AccountProvider;
  accounts: ConnectedAccount[];
  /** The intent running, as `useIntent` says it (`connect:<id>`). */
  pending: string | null;
  onReconnect: (account: ConnectedAccount) => void;
}) {
  const { t } = useTranslation();
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
          <li key={account._id} className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
            <span className="flex min-w-0 items-center gap-2 font-medium">
              <BrandMark brand={provider} className="size-5 shrink-0" />
              <span className="truncate">{account.name}</span>
            </span>
            <Button
              size="sm"
              onClick={() => onReconnect(account)}
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
}

/** A provider's accounts, each with its channels and actions; an empty state with Add when there are none. */
export function AccountsCard({
  provider,
  accounts,
  configured,
  selectedId,
  pendingProvider,
  onAdd,
  onRefresh,
  onMakePrimary,
  onDelete,
  onGrantAgain,
}: {
  provider: AccountProvider;
  accounts: ConnectedAccount[];
  configured: boolean;
  selectedId: string | null;
  /** A change of a provider's running (`connect:facebook`, `refresh:linkedin`), or null. */
  pendingProvider: string | null;
  onAdd: () => void;
  onRefresh: () => void;
  onMakePrimary: (account: ConnectedAccount) => void;
  onDelete: (account: ConnectedAccount) => void;
  onGrantAgain: (account: ConnectedAccount) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card
      headingLevel={2}
      title={t('integrations.accountsTitle', { provider: brandName(provider) })}
      description={t(`integrations.accountsText.${provider}`)}
      actions={
        accounts.length > 0 ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={onRefresh}
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
            configured ? (
              <Button onClick={onAdd} pending={pendingProvider === `connect:${provider}`}>
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
              onMakePrimary={() => onMakePrimary(account)}
              onDelete={() => onDelete(account)}
              onGrantAgain={() => onGrantAgain(account)}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Deleting an account: it cannot be undone, and the channels it brought go with it. */
export function DeleteAccountDialog({
  account,
  pending,
  onClose,
  onConfirm,
}: {
  account: ConnectedAccount | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const channels = account ? channelsOf(account) : [];
  return (
    <ConfirmDialog
      open={account !== null}
      onClose={onClose}
      onConfirm={onConfirm}
      title={t('integrations.deleteTitle')}
      confirmText={
        channels.length > 0
          ? t('integrations.deleteConfirm', { name: account?.name ?? '', count: channels.length })
          : t('integrations.deleteConfirmAlone', { name: account?.name ?? '' })
      }
      tone="danger"
      pending={pending}
    >
      <p>{t('integrations.deleteText', { name: account?.name ?? '' })}</p>
      {channels.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-1.5 text-sm" aria-label={t('integrations.deleteChannels')}>
          {channels.map((channel) => (
            <li key={channel._id}>
              <ChannelLine kind={channel.type} name={channel.name} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-fg-muted">{t('integrations.deleteNoChannels')}</p>
      )}
    </ConfirmDialog>
  );
}
