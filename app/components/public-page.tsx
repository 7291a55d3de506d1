import type { ReactNode } from 'react';
import { PublicFooter } from './public-footer';
import { Logo } from './ui/logo';

/** The frame of the pages open to everybody (maintenance, not-found) and of errors outside any layout. */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <main className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
        <Logo />
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
