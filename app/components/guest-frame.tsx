import type { ReactNode } from 'react';
import { HomeLogoLink } from './ui/logo';
import { LanguageSwitcher } from './language-switcher';
import { PublicFooter } from './public-footer';
import { ThemeSwitcher } from './theme-switcher';
import { MAIN_ID } from './skip-link';

/**
 * The frame of every guest page (sign-in, sign-up, password recovery): the page's card beside
 * the info panel (docs/product.md#navigation), which sign-up swaps for its coupon promo.
 */
export function GuestFrame({
  children,
  aside,
  asideFirstOnPhone = false,
}: {
  children: ReactNode;
  aside: ReactNode;
  /** Below the two-column width, the aside comes before the card. */
  asideFirstOnPhone?: boolean;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <HomeLogoLink />
        <div className="flex items-center gap-1">
          <LanguageSwitcher />
          <ThemeSwitcher />
        </div>
      </header>
      <div className="mx-auto grid w-full max-w-6xl flex-1 gap-6 px-4 pb-10 sm:px-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] md:items-start md:gap-10 md:pt-6 lg:px-8">
        <main
          id={MAIN_ID}
          tabIndex={-1}
          className="rounded-2xl bg-surface p-6 shadow-md ring-1 ring-line outline-none sm:p-8"
        >
          {children}
        </main>
        <div className={asideFirstOnPhone ? 'order-first md:order-none' : undefined}>{aside}</div>
      </div>
      <PublicFooter />
    </div>
  );
}

/** A guest page's title, set as the card's heading. */
export function GuestTitle({ children }: { children: ReactNode }) {
  return <h1 className="mb-6 text-2xl font-bold tracking-tight text-fg">{children}</h1>;
}
