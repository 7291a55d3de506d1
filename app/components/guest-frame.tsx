import type { ReactNode } from 'react';
import { HomeLogoLink } from './ui/logo';
import { LanguageSwitcher } from './language-switcher';
import { PublicFooter } from './public-footer';

/**
 * The frame of every guest page (sign-in, sign-up, password recovery): the page's card beside
 * the promo info section (spec §2 "Other"), which sign-up swaps for its coupon promo.
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
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-3 sm:px-8">
        <HomeLogoLink />
        <LanguageSwitcher />
      </header>
      <div className="mx-auto grid w-full max-w-6xl flex-1 gap-8 px-4 pb-10 sm:px-8 md:grid-cols-2 md:items-start md:pt-8">
        <main className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">{children}</main>
        <div className={asideFirstOnPhone ? 'order-first md:order-none' : undefined}>{aside}</div>
      </div>
      <PublicFooter />
    </div>
  );
}

/** A guest page's title, set as the card's heading. */
export function GuestTitle({ children }: { children: ReactNode }) {
  return <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900">{children}</h1>;
}
