import { redirect, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { RouteErrorBoundary } from '~/components/error-boundary';
import { Badge } from '~/components/ui/badge';
import { PageHeader } from '~/components/ui/page-header';
import { Paginator } from '~/components/ui/paginator';
import { SearchField } from '~/components/ui/search-field';
import { DataTable, type Column } from '~/components/ui/table';
import { TruncatedText } from '~/components/ui/truncated-text';
import { requireAdmin } from '~/features/auth/guards';
import { loginAsIntents } from '~/features/impersonation/api';
import { LoginAsUserButton } from '~/features/impersonation/login-as-user-button';
import {
  getUsers,
  userListFilterOf,
  USER_SEARCH_MAX,
  USERS_PAGE_SIZE,
  type AdminUserListEntry,
} from '~/features/users/api';
import { PaymentMethod } from '~/features/users/payment-method';
import { numberFormat } from '~/lib/format';
import { pageTitle } from '~/lib/i18n';
import { handleIntents } from '~/lib/intents';
import { throwRouteError } from '~/lib/route-errors';
import { LOADS_IN_PLACE } from '~/lib/loading';
import { useDebouncedSearch } from '~/lib/use-debounced-search';
import { useQueryChange, useQueryOnItsWay } from '~/lib/url-query';

/** The search waits this long after the last keystroke (docs/product.md#support). */
const SEARCH_DEBOUNCE_MS = 600;

export async function clientLoader({ request }: { request: Request }) {
  // Beside the admin layout's loader: its guard (cached) keeps a non-admin from asking for users.
  await requireAdmin(request);
  const url = new URL(request.url);
  const filter = userListFilterOf(url.searchParams);
  let users;
  try {
    users = await getUsers(filter);
  } catch (error) {
    throwRouteError(error, request);
  }
  // A page past the last (a bookmark, or users deleted since) shows the last one, its address too.
  const { lastPage } = users.meta;
  if (filter.page > lastPage && lastPage >= 1) {
    url.searchParams.set('page', String(lastPage));
    throw redirect(`${url.pathname}${url.search}`);
  }
  return { filter, users };
}

/** A row's "Login as user" (`LoginAsUserButton`), through the one way to change data. */
export async function clientAction({ request }: { request: Request }) {
  await requireAdmin(request);
  return handleIntents(request, loginAsIntents);
}

/**
 * The columns at each width (docs/product.md#support), so the table fits its frame with no
 * sideways scrolling: the user (the email, cut to fit, with the name under it) always; the plan
 * and the action from 840 px (on a phone both fold into the user's cell, the action under it); the payment method and the projects from 1280 px, with the three
 * channel counts folded into one cell; from 1920 px, each count in a column of its own.
 */
function useColumns(): Column<AdminUserListEntry>[] {
  const { t, i18n } = useTranslation();
  const format = numberFormat(i18n.language).format;
  const count = (id: string, header: string, value: (user: AdminUserListEntry) => number) => ({
    id,
    header,
    cell: (user: AdminUserListEntry) => format(value(user)),
    align: 'end' as const,
    className: 'tabular-nums',
    from: 'xl' as const,
    wrapHeader: true,
  });
  const plan = (user: AdminUserListEntry) => (
    <Badge tone={user.plan.id === 'free' ? 'neutral' : 'primary'}>{user.plan.label}</Badge>
  );
  return [
    {
      id: 'user',
      header: t('support.columns.user'),
      fill: true,
      cell: (user) => (
        <div className="flex flex-col gap-1">
          <TruncatedText text={user.email} className="font-medium" />
          <span className="flex min-w-0 items-center gap-1.5 text-xs text-fg-muted">
            <TruncatedText text={`${user.firstName} ${user.lastName}`.trim()} />
            <span className="shrink-0 md:hidden">{plan(user)}</span>
          </span>
          {/* On a phone the action folds in here too, leaving the email the whole row's width. */}
          <span className="mt-1 md:hidden">
            <LoginAsUserButton user={user} />
          </span>
        </div>
      ),
    },
    { id: 'plan', header: t('support.columns.plan'), from: 'md', cell: plan },
    {
      id: 'paymentMethod',
      header: t('support.columns.paymentMethod'),
      cell: (user) => <PaymentMethod has={user.hasPaymentMethod} />,
      align: 'center',
      from: 'lg',
      wrapHeader: true,
    },
    { ...count('projects', t('support.columns.projects'), (user) => user.projectCount), from: 'lg' },
    {
      id: 'channels',
      header: t('support.columns.channels'),
      from: 'lg',
      until: 'xl',
      cell: (user) => (
        <ul className="text-xs whitespace-nowrap text-fg-muted">
          <li>{t('support.channelCounts.facebookPages', { count: user.facebookPageCount })}</li>
          <li>{t('support.channelCounts.instagramAccounts', { count: user.instagramAccountCount })}</li>
          <li>{t('support.channelCounts.facebookAdAccounts', { count: user.facebookAdAccountCount })}</li>
        </ul>
      ),
    },
    count('facebookPages', t('support.columns.facebookPages'), (user) => user.facebookPageCount),
    count('instagramAccounts', t('support.columns.instagramAccounts'), (user) => user.instagramAccountCount),
    count('facebookAdAccounts', t('support.columns.facebookAdAccounts'), (user) => user.facebookAdAccountCount),
    {
      id: 'loginAsUser',
      header: t('impersonation.actions'),
      cell: (user) => <LoginAsUserButton user={user} />,
      align: 'end',
      from: 'md',
      className: 'whitespace-nowrap',
    },
  ];
}

export default function SupportRoute() {
  const { t } = useTranslation();
  const { filter, users } = useLoaderData<typeof clientLoader>();
  const changeQuery = useQueryChange();
  const columns = useColumns();
  // A new search or page of this list is on its way (not another page of the app): the table says so.
  const loading = useQueryOnItsWay() !== null;

  const [text, setText] = useDebouncedSearch(
    filter.search,
    (search) =>
      // A new search starts from page 1; typing keeps the page where it is scrolled.
      changeQuery(() => new URLSearchParams(search ? { search } : {})),
    SEARCH_DEBOUNCE_MS,
  );
  const goToPage = (page: number) =>
    changeQuery(
      (query) => {
        if (page > 1) query.set('page', String(page));
        else query.delete('page');
        return query;
      },
      { preventScrollReset: false },
    );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('support.title')} subtitle={t('support.subtitle')} />
      <div className="max-w-md">
        <SearchField
          landmark
          label={t('support.searchLabel')}
          placeholder={t('support.searchPlaceholder')}
          maxLength={USER_SEARCH_MAX}
          value={text}
          onChange={setText}
        />
      </div>
      <DataTable
        caption={t('support.tableCaption')}
        captionHidden
        columns={columns}
        rows={users.data}
        getRowId={(user) => user._id}
        loading={loading}
        loadingRows={USERS_PAGE_SIZE}
        empty={filter.search ? t('support.noMatch', { search: filter.search }) : t('support.empty')}
      />
      <Paginator
        page={filter.page}
        pageSize={USERS_PAGE_SIZE}
        total={users.meta.total}
        onPageChange={goToPage}
        label={t('support.pages')}
      />
    </div>
  );
}

/** Its searches and pages show their own loading (the table's), never the global bar (docs/decisions/051-lists-load-in-place.md). */
export const handle = LOADS_IN_PLACE;

export function meta() {
  return pageTitle('support.title');
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
