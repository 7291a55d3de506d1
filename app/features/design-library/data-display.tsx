import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '~/components/ui/avatar';
import { SENTIMENTS } from '~contract/fields';
import { Badge, BADGE_TONES, SentimentBadge, type BadgeTone } from '~/components/ui/badge';
import { Button, ButtonLink } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { Paginator } from '~/components/ui/paginator';
import { Skeleton, SkeletonText } from '~/components/ui/skeleton';
import { DataTable, type Column, type SortState } from '~/components/ui/table';
import { TruncatedText } from '~/components/ui/truncated-text';
import { paths } from '~/lib/paths';
import { Section, Specimen } from './specimen';

/** This section's words, typed from en.json. */
const useDataDisplayTranslation = () => useTranslation('translation', { keyPrefix: 'designLibrary.dataDisplay' });

/** The admin users list's page size (docs/product.md#support). */
const PAGE_SIZE = 15;

type Plan = 'free' | 'pro' | 'agency';

/** An entry of the admin users list, as the Support table shows it (docs/product.md#support). */
interface SampleUser {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
  plan: Plan;
  hasPaymentMethod: boolean;
  projectCount: number;
  facebookPageCount: number;
}

// People's names are data, not words of the interface: they stay as they are in both languages.
const FIRST_NAMES = ['Ada', 'Marco', 'Zoë', 'Łukasz', 'Giulia', 'Søren', 'Amara', 'Kenji', 'Lucía', 'Noah', 'Chiara'];
const LAST_NAMES = ['Lovelace', 'Rossi', 'Nguyễn', 'Kowalski', 'Bianchi', 'Ødegaard', 'Okafor', 'Tanaka', 'García'];
const PLANS: Plan[] = ['free', 'pro', 'agency'];

/** 42 users, the same on every visit: three pages of the admin list. */
const SAMPLE_USERS: SampleUser[] = Array.from({ length: 42 }, (_, index) => {
  const firstName = FIRST_NAMES[index % FIRST_NAMES.length]!;
  const lastName = LAST_NAMES[(index * 5) % LAST_NAMES.length]!;
  const ascii = (name: string) =>
    name
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[ŁłØø]/g, (letter) => ({ Ł: 'L', ł: 'l', Ø: 'O', ø: 'o' })[letter]!)
      .toLowerCase();
  return {
    _id: `user-${index + 1}`,
    email: `${ascii(firstName)}.${ascii(lastName)}${index + 1}@example.com`,
    firstName,
    lastName,
    plan: PLANS[(index * 7) % PLANS.length]!,
    hasPaymentMethod: index % 3 !== 1,
    projectCount: (index * 13) % 9,
    facebookPageCount: (index * 11) % 6,
  };
});

/** The sample's order, as the API would give it; words in the reader's language's alphabetical order. */
function compareUsers(sort: SortState, language: string) {
  const value = (user: SampleUser) => (sort.column === 'projects' ? user.projectCount : user[sort.column as 'email']);
  return (a: SampleUser, b: SampleUser) => {
    const left = value(a);
    const right = value(b);
    const order = typeof left === 'number' ? left - (right as number) : left.localeCompare(right as string, language);
    return sort.direction === 'asc' ? order : -order;
  };
}

/**
 * The columns at each width, as the Support table chooses them: the email (cut to fit, with
 * what a narrower screen leaves out under it) always; the plan and the projects from 840 px; the
 * payment method and the pages from 1280 px; the names in columns of their own from 1920 px.
 */
function useUserColumns(): Column<SampleUser>[] {
  const { t } = useDataDisplayTranslation();
  const plan = (user: SampleUser) => (
    <Badge tone={user.plan === 'free' ? 'neutral' : 'primary'}>{t(`plans.${user.plan}`)}</Badge>
  );
  return [
    {
      id: 'email',
      header: t('table.email'),
      cell: (user) => (
        <div className="flex flex-col gap-1">
          <TruncatedText text={user.email} className="font-medium" />
          <span className="flex min-w-0 items-center gap-1.5 text-xs text-fg-muted xl:hidden">
            <TruncatedText text={`${user.firstName} ${user.lastName}`} />
            <span className="shrink-0 md:hidden">{plan(user)}</span>
          </span>
        </div>
      ),
      sortable: true,
      fill: true,
    },
    { id: 'firstName', header: t('table.firstName'), cell: (user) => user.firstName, from: 'xl' },
    {
      id: 'lastName',
      header: t('table.lastName'),
      cell: (user) => user.lastName,
      sortable: true,
      from: 'xl',
    },
    { id: 'plan', header: t('table.plan'), cell: plan, from: 'md' },
    {
      id: 'paymentMethod',
      header: t('table.paymentMethod'),
      cell: (user) => <PaymentMethod has={user.hasPaymentMethod} />,
      align: 'center',
      from: 'lg',
      wrapHeader: true,
    },
    {
      id: 'projects',
      header: t('table.projects'),
      cell: (user) => user.projectCount,
      sortable: true,
      align: 'end',
      className: 'tabular-nums',
      from: 'md',
    },
    {
      id: 'facebookPages',
      header: t('table.facebookPages'),
      cell: (user) => user.facebookPageCount,
      align: 'end',
      className: 'tabular-nums',
      from: 'lg',
      wrapHeader: true,
    },
  ];
}

/** A tick or a cross, said in words too (the icon alone is not read). */
function PaymentMethod({ has }: { has: boolean }) {
  const { t } = useDataDisplayTranslation();
  return (
    <span className={`inline-flex ${has ? 'text-success-fg' : 'text-fg-subtle'}`}>
      <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-5">
        <path
          fillRule="evenodd"
          d={
            has
              ? 'M16.704 4.153a.75.75 0 0 1 .143 1.052l-8 10.5a.75.75 0 0 1-1.127.075l-4.5-4.5a.75.75 0 0 1 1.06-1.06l3.894 3.893 7.48-9.817a.75.75 0 0 1 1.05-.143Z'
              : 'M4.28 4.22a.75.75 0 0 0-1.06 1.06L8.94 11l-5.72 5.72a.75.75 0 1 0 1.06 1.06L10 12.06l5.72 5.72a.75.75 0 1 0 1.06-1.06L11.06 11l5.72-5.72a.75.75 0 0 0-1.06-1.06L10 9.94 4.28 4.22Z'
          }
          clipRule="evenodd"
        />
      </svg>
      <span className="sr-only">{t(has ? 'table.hasPaymentMethod' : 'table.noPaymentMethod')}</span>
    </span>
  );
}

/** The admin users table as it will be used: ordered, checked and paged here, in local state. */
function UsersTable() {
  const { t, i18n } = useDataDisplayTranslation();
  const columns = useUserColumns();
  const [sort, setSort] = useState<SortState>({ column: 'email', direction: 'asc' });
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [page, setPage] = useState(1);
  const ordered = [...SAMPLE_USERS].sort(compareUsers(sort, i18n.language));
  const rows = ordered.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <div className="flex w-full min-w-0 flex-col gap-3">
      <div className="flex min-h-8 flex-wrap items-center gap-3">
        <p className="text-sm text-fg-muted" aria-live="polite">
          {t('table.selected', { count: selected.size })}
        </p>
        {selected.size > 0 ? (
          <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
            {t('table.clearSelection')}
          </Button>
        ) : null}
      </div>
      <DataTable
        caption={t('table.caption')}
        columns={columns}
        rows={rows}
        getRowId={(user) => user._id}
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          // A new order starts from its first page, as a new search does.
          setPage(1);
        }}
        selectedIds={selected}
        onSelectionChange={setSelected}
        rowLabel={(user) => user.email}
        maxHeight="lg"
      />
      <Paginator
        page={page}
        pageSize={PAGE_SIZE}
        total={SAMPLE_USERS.length}
        onPageChange={setPage}
        label={t('table.pages')}
      />
    </div>
  );
}

function PaginatorSpecimen({
  start,
  label,
  caption,
}: {
  start: 'first' | 'middle' | 'last';
  label: string;
  caption: string;
}) {
  // 248 comments, 15 a page: 17 pages, enough for both ellipses.
  const total = 248;
  const last = Math.ceil(total / PAGE_SIZE);
  const [page, setPage] = useState(start === 'first' ? 1 : start === 'middle' ? Math.ceil(last / 2) : last);
  return (
    <Specimen label={caption} wide>
      <Paginator
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        onPageChange={setPage}
        label={label}
        className="w-full"
      />
    </Specimen>
  );
}

// One example of each tone, in words that would carry it in the product.
const TONE_SAMPLES = {
  neutral: 'draft',
  primary: 'new',
  success: 'published',
  warning: 'expiring',
  danger: 'failed',
  info: 'scheduled',
} as const satisfies Record<BadgeTone, string>;

/** A portrait for the picture specimen, drawn inline (sample data; the CSP allows data: images). */
const SAMPLE_PORTRAIT = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6c28b"/><stop offset="1" stop-color="#e07a5f"/></linearGradient></defs><rect width="64" height="64" fill="url(#g)"/><circle cx="32" cy="26" r="12" fill="#5b3a29"/><circle cx="32" cy="28" r="9" fill="#f2d2b6"/><path d="M12 64c2-14 10-20 20-20s18 6 20 20Z" fill="#2f6f73"/></svg>',
)}`;

export function DataDisplaySection() {
  const { t } = useDataDisplayTranslation();
  const columns = useUserColumns();
  const longUser: SampleUser = {
    _id: 'long',
    email: 'maria.guadalupe.fernandez-de-la-torre.santamaria@agenzia-comunicazione-integrata.example.com',
    firstName: 'Maria Guadalupe',
    lastName: 'Fernández de la Torre y Santamaría',
    plan: 'agency',
    hasPaymentMethod: true,
    projectCount: 128,
    facebookPageCount: 64,
  };
  const longColumns: Column<SampleUser>[] = [
    ...columns.slice(0, 3),
    {
      id: 'notes',
      header: t('table.notes'),
      cell: () => t('table.longNote'),
      className: 'min-w-56',
      from: 'lg',
    },
    ...columns.slice(3),
  ];

  return (
    <Section id="data-display" title={t('title')} description={t('description')}>
      <Specimen label={t('specimens.table')} wide>
        <UsersTable />
      </Specimen>
      <Specimen label={t('specimens.tableLoading')} wide>
        <DataTable
          caption={t('table.captionLoading')}
          captionHidden
          columns={columns}
          rows={[]}
          getRowId={(user) => user._id}
          selectedIds={new Set()}
          onSelectionChange={() => {}}
          rowLabel={(user) => user.email}
          loading
          loadingRows={3}
          className="w-full"
        />
      </Specimen>
      <Specimen label={t('specimens.tableEmpty')} wide>
        <DataTable
          caption={t('table.captionEmpty')}
          captionHidden
          columns={columns}
          rows={[]}
          getRowId={(user) => user._id}
          sort={{ column: 'email', direction: 'asc' }}
          onSortChange={() => {}}
          empty={<EmptyState compact title={t('table.emptyTitle')} description={t('table.emptyDescription')} />}
          className="w-full"
        />
      </Specimen>
      <Specimen label={t('specimens.tableLong')} wide>
        <DataTable
          caption={t('table.captionLong')}
          columns={longColumns}
          rows={[longUser, SAMPLE_USERS[0]!]}
          getRowId={(user) => user._id}
          className="w-full"
        />
      </Specimen>

      <PaginatorSpecimen start="first" label={t('pager.first')} caption={t('specimens.pagerFirst')} />
      <PaginatorSpecimen start="middle" label={t('pager.middle')} caption={t('specimens.pagerMiddle')} />
      <PaginatorSpecimen start="last" label={t('pager.last')} caption={t('specimens.pagerLast')} />

      <Specimen label={t('specimens.badgeSmall')}>
        {BADGE_TONES.map((tone) => (
          <Badge key={tone} tone={tone}>
            {t(`badges.${TONE_SAMPLES[tone]}`)}
          </Badge>
        ))}
      </Specimen>
      <Specimen label={t('specimens.badgeMedium')}>
        {BADGE_TONES.map((tone) => (
          <Badge key={tone} tone={tone} size="md">
            {t(`badges.${TONE_SAMPLES[tone]}`)}
          </Badge>
        ))}
      </Specimen>
      <Specimen label={t('specimens.badgeLong')}>
        <div className="flex max-w-full min-w-0 flex-col items-start gap-2">
          <Badge tone="warning">{t('badges.long')}</Badge>
          <SentimentBadge sentiment="UNCLASSIFIED" size="md" />
        </div>
      </Specimen>
      <Specimen label={t('specimens.sentimentSmall')}>
        {SENTIMENTS.map((sentiment) => (
          <SentimentBadge key={sentiment} sentiment={sentiment} />
        ))}
      </Specimen>
      <Specimen label={t('specimens.sentimentMedium')}>
        {SENTIMENTS.map((sentiment) => (
          <SentimentBadge key={sentiment} sentiment={sentiment} size="md" />
        ))}
      </Specimen>

      <Specimen label={t('specimens.avatarInitials')}>
        {['Ada Lovelace', 'Marco Rossi', 'Zoë Nguyễn', 'Ελένη Παπαδοπούλου', 'Анна Иванова', 'محمد علي', 'Kenji'].map(
          (name) => (
            <Avatar key={name} name={name} />
          ),
        )}
      </Specimen>
      <Specimen label={t('specimens.avatarSizes')}>
        <Avatar name="Giulia Bianchi" size="sm" />
        <Avatar name="Giulia Bianchi" size="md" />
        <Avatar name="Giulia Bianchi" size="lg" />
        <Avatar name="Giulia Bianchi" src={SAMPLE_PORTRAIT} size="lg" />
      </Specimen>
      <Specimen label={t('specimens.avatarPicture')}>
        <div className="flex items-center gap-3">
          <Avatar name="Amara Okafor" src={SAMPLE_PORTRAIT} decorative />
          <div className="min-w-0">
            <p className="text-sm font-medium text-fg">Amara Okafor</p>
            <p className="text-sm text-fg-muted">amara.okafor@example.com</p>
          </div>
        </div>
      </Specimen>
      <Specimen label={t('specimens.avatarEdge')}>
        <Avatar name="" />
        <div className="flex min-w-0 items-center gap-3">
          <Avatar name={`${longUser.firstName} ${longUser.lastName}`} decorative />
          <p className="min-w-0 text-sm font-medium break-words text-fg">
            {longUser.firstName} {longUser.lastName}
          </p>
        </div>
      </Specimen>

      <Specimen label={t('specimens.cardPlain')}>
        <Card className="w-full">
          <p className="text-sm text-fg-muted">{t('cards.plainBody')}</p>
        </Card>
      </Specimen>
      <Specimen label={t('specimens.cardHeader')}>
        <Card
          className="w-full"
          title={t('cards.title')}
          description={t('cards.description')}
          actions={
            <Button variant="secondary" size="sm">
              {t('cards.manage')}
            </Button>
          }
          footer={
            <>
              <p className="mr-auto text-sm text-fg-muted">{t('cards.footerNote')}</p>
              <Button size="sm">{t('cards.add')}</Button>
            </>
          }
        >
          <ul className="flex flex-col gap-3">
            {['Espresso Bar Milano', 'Trattoria da Giulia'].map((page) => (
              <li key={page} className="flex items-center gap-3">
                <Avatar name={page} size="sm" decorative />
                <span className="min-w-0 truncate text-sm text-fg">{page}</span>
              </li>
            ))}
          </ul>
        </Card>
      </Specimen>
      <Specimen label={t('specimens.cardLong')}>
        <Card
          className="w-full"
          title={t('cards.longTitle')}
          description={t('cards.longDescription')}
          actions={
            <Button variant="ghost" size="sm">
              {t('cards.manage')}
            </Button>
          }
        >
          <p className="text-sm break-words text-fg-muted">{t('cards.longBody')}</p>
        </Card>
      </Specimen>

      <Specimen label={t('specimens.skeletonCard')}>
        <Card className="w-full">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 shrink-0 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-3.5 w-1/2" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
          <SkeletonText lines={3} className="mt-5" />
        </Card>
      </Specimen>
      <Specimen label={t('specimens.skeletonText')}>
        <SkeletonText lines={4} />
      </Specimen>

      <Specimen label={t('specimens.emptyAction')}>
        <EmptyState
          className="w-full"
          title={t('empty.projectsTitle')}
          description={t('empty.projectsDescription')}
          action={<ButtonLink to={paths.projects()}>{t('empty.projectsAction')}</ButtonLink>}
        />
      </Specimen>
      <Specimen label={t('specimens.emptyPlain')}>
        <EmptyState
          className="w-full"
          title={t('empty.commentsTitle')}
          description={t('empty.commentsDescription')}
          icon={<ChatIcon />}
        />
      </Specimen>
      <Specimen label={t('specimens.emptyCompact')}>
        <EmptyState
          compact
          className="w-full"
          title={t('empty.compactTitle')}
          description={t('empty.compactDescription')}
          action={
            <Button variant="secondary" size="sm">
              {t('empty.compactAction')}
            </Button>
          }
        />
      </Specimen>
    </Section>
  );
}

function ChatIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M8.625 12a.375.375 0 1 1-.75 0 .375.375 0 0 1 .75 0Zm0 0H8.25m4.125 0a.375.375 0 1 1-.75 0 .375.375 0 0 1 .75 0Zm0 0H12m4.125 0a.375.375 0 1 1-.75 0 .375.375 0 0 1 .75 0Zm0 0h-.375M21 12c0 4.556-4.03 8.25-9 8.25a9.764 9.764 0 0 1-2.555-.337A5.972 5.972 0 0 1 5.41 20.97a5.969 5.969 0 0 1-.474-.065 4.48 4.48 0 0 0 .978-2.025c.09-.457-.133-.901-.467-1.226C3.93 16.178 3 14.189 3 12c0-4.556 4.03-8.25 9-8.25s9 3.694 9 8.25Z"
      />
    </svg>
  );
}
