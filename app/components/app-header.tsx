import { useFetcher } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { User } from '~/features/auth/api';
import { LanguageSwitcher } from './language-switcher';
import { ThemeSwitcher } from './theme-switcher';
import { Button } from './ui/button';
import { HomeLogoLink } from './ui/logo';
import { paths } from '~/lib/paths';

/** The signed-in top bar: home, language, theme, who is signed in, and sign out. */
export function AppHeader({ user }: { user: User }) {
  const { t } = useTranslation();
  const logout = useFetcher();
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <HomeLogoLink />
        <div className="flex items-center gap-1 sm:gap-2">
          <LanguageSwitcher />
          <ThemeSwitcher />
          <span className="ml-2 hidden text-sm text-fg-muted md:inline">
            {t('nav.signedInAs', { name: `${user.firstName} ${user.lastName}` })}
          </span>
          <logout.Form method="post" action={paths.logout()} className="ml-1">
            <Button type="submit" variant="secondary" size="sm" pending={logout.state !== 'idle'}>
              {t('nav.logout')}
            </Button>
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
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">{children}</main>
    </div>
  );
}
