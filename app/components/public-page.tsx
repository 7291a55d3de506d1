import type { ReactNode } from 'react';
import { LanguageSwitcher } from './language-switcher';
import { PublicFooter } from './public-footer';
import { ThemeSwitcher } from './theme-switcher';
import { Logo } from './ui/logo';
import { MAIN_ID } from './skip-link';

/**
 * The frame of the pages open to everybody (maintenance, not-found, a deletion status) and of
 * errors outside any layout: the language and theme switchers at the top, as on every guest page
 * (docs/product.md#languages-and-themes), the page's few words in the middle, the legal links at
 * the foot.
 */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center justify-end gap-1 px-4 sm:px-6 lg:px-8">
        <LanguageSwitcher />
        <ThemeSwitcher />
      </header>
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center outline-none"
      >
        <Logo />
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
