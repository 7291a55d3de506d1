import { useFetcher } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { User } from '~/features/auth/api';
import { LanguageSwitcher } from './language-switcher';
import { HomeLogoLink } from './ui/logo';
import { paths } from '~/lib/paths';

/** The signed-in top bar: home, language, who is signed in, and sign out. */
export function AppHeader({ user }: { user: User }) {
  const { t } = useTranslation();
  const logout = useFetcher();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-8">
        <HomeLogoLink />
        <div className="flex items-center gap-3">
          <LanguageSwitcher />
          <span className="hidden text-sm text-slate-700 sm:inline">
            {t('nav.signedInAs', { name: `${user.firstName} ${user.lastName}` })}
          </span>
          <logout.Form method="post" action={paths.logout()}>
            <button
              type="submit"
              disabled={logout.state !== 'idle'}
              className="rounded-md px-3 py-1.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
            >
              {t('nav.logout')}
            </button>
          </logout.Form>
        </div>
      </div>
    </header>
  );
}

/** The signed-in chrome around every page of the app: the top bar and the page's main area. */
export function AppFrame({ user, children }: { user: User; children: React.ReactNode }) {
  return (
    <div className="min-h-screen">
      <AppHeader user={user} />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-8">{children}</main>
    </div>
  );
}
