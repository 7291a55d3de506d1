import { Link, useFetcher, useLocation, useNavigate } from '@remix-run/react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '~/features/auth/api';
import { ImpersonationBanner } from '~/features/impersonation/impersonation-banner';
import { useInboxOpenCount } from '~/features/comments/inbox';
import { numberFormat } from '~/lib/format';
import { AppNav, INBOX_ICON } from './app-nav';
import { LanguageSwitcher } from './language-switcher';
import { ThemeSwitcher } from './theme-switcher';
import { Avatar } from './ui/avatar';
import { Drawer } from './ui/drawer';
import { StrokeIcon } from './ui/icon';
import { HomeLogoLink } from './ui/logo';
import { AppMenu, menuSeparator } from './ui/menu';
import { NotificationsBell } from '~/features/alerts/notifications-bell';
import { paths } from '~/lib/paths';
import { MAIN_ID } from './skip-link';

/** Who is signed in, their account's settings, and the way out. */
function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const logout = useFetcher();
  const navigate = useNavigate();
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <AppMenu
      label={t('nav.account', { name })}
      triggerClassName="h-9 pr-2 pl-1"
      triggerNamesItself
      trigger={
        <>
          <Avatar name={name} nameParts={[user.firstName, user.lastName]} size="sm" decorative />
          {/* Named "Account: Ada Admin"; on a wide screen the name shows beside the avatar. */}
          <span className="sr-only">{t('nav.accountPrefix')}</span>
          {/* Cut to its width within (`not-sr-only` lets a box overflow and wrap). */}
          <span className="sr-only text-fg lg:not-sr-only">
            <span className="block max-w-40 truncate">{name}</span>
          </span>
        </>
      }
      items={[
        {
          note: (
            <>
              <span className="block font-semibold wrap-anywhere text-fg">{t('nav.signedInAs', { name })}</span>
              <span className="block truncate">{user.email}</span>
            </>
          ),
        },
        menuSeparator,
        {
          label: t('account.menu'),
          onSelect: () => navigate(paths.account()),
          icon: (
            <StrokeIcon
              d="M20 21v-1.5a4.5 4.5 0 0 0-4.5-4.5h-7A4.5 4.5 0 0 0 4 19.5V21M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z"
              className="size-4"
            />
          ),
        },
        {
          label: t('nav.logout'),
          onSelect: () => logout.submit(null, { method: 'post', action: paths.logout() }),
          icon: (
            <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
              <path
                fillRule="evenodd"
                d="M3 4.25A2.25 2.25 0 0 1 5.25 2h5.5A2.25 2.25 0 0 1 13 4.25v2a.75.75 0 0 1-1.5 0v-2a.75.75 0 0 0-.75-.75h-5.5a.75.75 0 0 0-.75.75v11.5c0 .41.34.75.75.75h5.5a.75.75 0 0 0 .75-.75v-2a.75.75 0 0 1 1.5 0v2A2.25 2.25 0 0 1 10.75 18h-5.5A2.25 2.25 0 0 1 3 15.75V4.25Zm10.47 2.97a.75.75 0 0 1 1.06 0l2.25 2.25a.75.75 0 0 1 0 1.06l-2.25 2.25a.75.75 0 1 1-1.06-1.06l.97-.97H7.75a.75.75 0 0 1 0-1.5h6.69l-.97-.97a.75.75 0 0 1 0-1.06Z"
                clipRule="evenodd"
              />
            </svg>
          ),
        },
      ]}
    />
  );
}

/** The inbox from every page, with its count of open comments (docs/product.md#inbox). */
function InboxLink() {
  const { t, i18n } = useTranslation();
  const open = useInboxOpenCount();
  const formatted = open === undefined ? '' : numberFormat(i18n.language).format(open);
  return (
    <Link
      to={paths.inbox()}
      aria-label={open === undefined ? t('inbox.nav') : t('inbox.headerLink', { count: open, formatted })}
      title={t('inbox.nav')}
      className="focus-ring relative inline-flex size-10 items-center justify-center rounded-md text-fg-muted hover:bg-muted hover:text-fg"
    >
      <StrokeIcon d={INBOX_ICON} className="size-5" strokeWidth={1.75} />
      {/* The whole count, as the link's name says it (a shortened "99+" would not be its name). */}
      {open ? (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0 min-w-5 rounded-full bg-primary px-1 text-center text-[0.6875rem] leading-5 font-semibold text-on-primary tabular-nums"
        >
          {formatted}
        </span>
      ) : null}
    </Link>
  );
}

/**
 * The signed-in chrome around every page of the app: the navigation in a sidebar on wide
 * screens (md, 840 px and up) and behind a menu button on a phone; the top bar with the
 * language, the theme and the user menu.
 */
export function AppFrame({ user, children }: { user: User; children: React.ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  // Open on the page it was opened on: any navigation (a link, the back button) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.pathname;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? location.pathname : null);
  const header = useStickyHeight();
  return (
    <div className="min-h-screen md:grid md:grid-cols-[15rem_minmax(0,1fr)] lg:grid-cols-[16rem_minmax(0,1fr)]">
      <aside className="sticky top-0 hidden h-screen flex-col gap-8 border-r border-line bg-surface px-3 py-4 md:flex">
        <div className="px-2">
          <HomeLogoLink />
        </div>
        <AppNav user={user} />
      </aside>
      <div className="flex min-w-0 flex-col">
        <header ref={header} className="sticky top-0 z-30 border-b border-line bg-surface/90 backdrop-blur">
          <ImpersonationBanner user={user} />
          <div className="relative mx-auto flex h-16 w-full max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
            <div className="flex items-center gap-2 md:hidden">
              <button
                type="button"
                onClick={() => setMenuOpen(true)}
                aria-label={t('nav.openMenu')}
                aria-expanded={menuOpen}
                className="focus-ring -ml-2 inline-flex size-10 items-center justify-center rounded-md text-fg-muted hover:bg-muted hover:text-fg"
              >
                <StrokeIcon d="M4 6h16M4 12h16M4 18h16" className="size-6" />
              </button>
              <HomeLogoLink compact />
            </div>
            <span className="hidden md:block" />
            <div className="flex items-center gap-1">
              <NotificationsBell />
              <InboxLink />
              <LanguageSwitcher />
              <ThemeSwitcher />
              <UserMenu user={user} />
            </div>
          </div>
        </header>
        <main
          id={MAIN_ID}
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl px-4 py-8 outline-none sm:px-6 lg:px-8 lg:py-10"
        >
          {children}
        </main>
      </div>
      <Drawer open={menuOpen} onClose={() => setMenuOpen(false)} title={t('nav.main')}>
        <AppNav user={user} onNavigate={() => setMenuOpen(false)} />
      </Drawer>
    </div>
  );
}

/**
 * The sticky header's height, as `--app-header-height` on the document (the impersonation banner
 * adds to it): what focus scrolls clear of (app/tailwind.css), and where a table's header holds
 * when its rows scroll with the page (DataTable).
 */
function useStickyHeight() {
  const header = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--app-header-height', `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--app-header-height');
    };
  }, []);
  return header;
}
